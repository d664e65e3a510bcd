/// An event as the observer of one input of a parameter-pack operator handles it: by dispatching on its case.
///
/// The observers of a pack's inputs run generic at run time (a `repeat` expansion's calls are not
/// specialised): generic over the event type itself, through this protocol, they look its metadata up once,
/// when they are made, rather than for every event they switch over.
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
