import Signals
import SignalsMVVM

/// The hotel demo's scripted session of the README: an empty submission, typing, editing, a valid submission,
/// then clearing. ``HotelOrderSessionTests`` checks every frame it prints; ``DemoLeakTests`` checks that it
/// frees everything it made.
let hotelSessionScript = """
  # an empty submission, then a valid one
  press submit
  focus name
  type Zhuo
  tab
  type 18610001000
  backspace
  type 0
  press submit
  press clear
  """

/// Holds an object weakly, to show that something no longer keeps it alive.
final class Weak<Object: AnyObject> {
  weak var object: Object?
  init(_ object: Object) { self.object = object }
}

/// A producer that never sends, and that counts how many of its starts have been disposed: the number of
/// bindings from it that have ended. It keeps every start's observer, so that nothing but disposal ends one.
final class EndCounter: Sendable {
  private let counts = Locked((started: 0, ended: 0, observers: [Signal<String, Never>.Observer]()))

  var started: Int { counts.withLock { $0.started } }
  var ended: Int { counts.withLock { $0.ended } }

  var producer: SignalProducer<String, Never> {
    SignalProducer { [self] observer, lifetime in
      counts.withLock {
        $0.observers.append(observer)
        $0.started += 1
      }
      lifetime.observeEnded { self.counts.withLock { $0.ended += 1 } }
    }
  }
}

/// A reactive object defined the way an app would define its own.
final class Badge: ReactiveObject {
  var count = 0
  var caption = ""
  let lifetime: Lifetime
  private let token: Lifetime.Token

  init() {
    (lifetime, token) = Lifetime.make()
  }
}

extension Reactive where Base: Badge {
  /// A named target made with `makeBindingTarget`.
  var caption: BindingTarget<String> {
    makeBindingTarget { badge, caption in badge.caption = caption.uppercased() }
  }
}
