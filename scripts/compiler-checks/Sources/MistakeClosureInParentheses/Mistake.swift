import Signals

// The combining closure inside the parentheses, as one writes it in Combine.
// expected: 'combineLatest' is unavailable: move the closure after the parentheses: combineLatest(a, b) { … }
// not expected: fileID

func summary(_ title: MutableProperty<String>, _ name: MutableProperty<String>) -> Property<String> {
  Property.combineLatest(title, name, { title, name in "\(name) will stay at \(title)" })
}

