/// An event as the observer of one input of a parameter-pack operator handles it: by dispatching on its case.
///
/// The observers of a pack's inputs run generic at run time (Swift 6.3 does not specialise the calls a
/// `repeat` expansion makes per element). Generic code that switches over a `Signal<Value, Failure>.Event`
/// asks the runtime for that enum's metadata on every event: a hashed look-up.
/// Code generic over the event type itself, through this protocol, gets the metadata once, when the observer
/// is made, and the method below receives it with the event: no look-up per event.
///
/// Its associated types are not named `Value` and `Failure`: the type `Signal.Event` would then gain an
/// internal typealias of each, inferred from this conformance, which hides its generic parameters from the
/// public methods declared on it in whichever file the compiler checks after it.
@usableFromInline
protocol InputEvent {
  associatedtype EventValue
  associatedtype EventFailure: Error

  /// Calls the closure that matches this event's case.
  func dispatch(
    value: (EventValue) -> Void,
    completed: () -> Void,
    failed: (EventFailure) -> Void,
    interrupted: () -> Void
  )
}

extension Signal.Event: InputEvent {
  @inlinable
  func dispatch(
    value: (Value) -> Void,
    completed: () -> Void,
    failed: (Failure) -> Void,
    interrupted: () -> Void
  ) {
    switch self {
    case .value(let newValue): value(newValue)
    case .completed: completed()
    case .failed(let error): failed(error)
    case .interrupted: interrupted()
    }
  }
}
