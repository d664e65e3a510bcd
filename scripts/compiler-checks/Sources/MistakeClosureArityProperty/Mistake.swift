import Signals

// A combining closure with one parameter too few, on properties.
// expected: (aka '@Sendable (String, String, Int) -> String') expects 3 arguments, but 2 were used in closure body
// not expected: fileID

func summary(
  _ title: MutableProperty<String>, _ name: MutableProperty<String>, _ nights: MutableProperty<Int>
)
  -> Property<String>
{
  Property.combineLatest(title, name, nights) { title, name in "\(name) will stay at \(title)" }
}
