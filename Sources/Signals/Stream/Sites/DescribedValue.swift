// A value as the debugging aids show it to a person: `logEvents`, the graph's dump and its change traces.

/// `payload` as ``LogEvent/describe(_:)`` shows it: text (`String`, `Substring`, `Character`) in quotes, with
/// escapes, so that an empty string reads `""`; an optional as what it wraps, or `nil`; anything else as
/// `String(describing:)` shows it.
func describedValue(_ payload: Any) -> String {
  let mirror = Mirror(reflecting: payload)
  if mirror.displayStyle == .optional {
    guard let wrapped = mirror.children.first?.value else { return "nil" }
    return describedValue(wrapped)
  }
  switch payload {
  case let text as String: return String(reflecting: text)
  case let text as Substring: return String(reflecting: text)
  case let character as Character: return String(reflecting: character)
  default: return String(describing: payload)
  }
}
