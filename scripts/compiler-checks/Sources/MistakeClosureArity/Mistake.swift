import Signals

// A combining closure with one parameter too many.
// expected: contextual closure type '(String, Int) -> String' expects 2 arguments, but 3 were used in closure body
// not expected: fileID

func greeting(_ name: Signal<String, Never>, _ nights: Signal<Int, Never>) -> Signal<String, Never> {
  Signal.combineLatest(name, nights) { name, nights, extra in "\(name): \(nights) \(extra)" }
}
