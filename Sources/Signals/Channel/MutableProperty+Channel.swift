extension MutableProperty: ChannelTerminalProvider {
  /// A new terminal on this property, RAC's `RACChannelTo(object, key)`: values sent into it set the
  /// property; the property's current value and every later change come out of it, **except the changes it
  /// made itself**, so a two-way binding never sends a value back where it came from.
  /// ```
  /// sent into terminal:  ---a-------
  /// property.value = :   -------b---
  /// terminal (start 0):  0------b---   (a is not echoed)
  /// ```
  /// - Emits: the current value on each observation, then every change except those sent into this terminal
  ///   (another terminal's do come out).
  /// - Completes: when the property is released; terminal events sent into it are ignored, so a view going
  ///   away does not end the model's state.
  /// - Interruption and disposal: disposing an observation detaches it. The terminal holds the property
  ///   weakly: values sent after its release are dropped.
  ///
  /// A set through the terminal is recognised by its first delivery during the set, on the setting thread.
  /// If the property was busy delivering, the value comes out once, harmlessly; a two-way binding still never
  /// loops (`Docs/Contracts.md` §13, "No echo").
  public var channelTerminal: ChannelTerminal<Value> {
    self.source.enterGraph()
    let source = EchoSource()
    let producer = self.producer
    return ChannelTerminal.unchecked(
      producer: SignalProducer.unchecked { observer, lifetime in
        var lastSkipped: UInt64 = 0
        lifetime += producer.start { event in
          if case .value = event, let mark = EchoSource.current, mark.source == ObjectIdentifier(source),
            mark.set != lastSkipped
          {
            lastSkipped = mark.set
            return
          }
          observer.send(event)
        }
      },
      lifetime: lifetime
    ) { [weak self] event in
      guard case .value(let value) = event, let self else { return }
      EchoSource.$current.withValue(Mark(source: ObjectIdentifier(source), set: source.nextSet())) {
        self.source.set(value, origin: .channel)
      }
    }
  }
}

/// The identity of one property terminal, and the numbering of the sets it makes.
final class EchoSource: Sendable {
  /// The set in progress on this thread (or task), if it is made through a property terminal.
  @TaskLocal static var current: Mark?

  private let sets = Locked<UInt64>(0)

  /// Numbers a new set; the first is 1.
  func nextSet() -> UInt64 {
    sets.withLock { count in
      count += 1
      return count
    }
  }
}

/// A set made through a property terminal: which terminal, and which of its sets.
struct Mark: Sendable {
  let source: ObjectIdentifier
  let set: UInt64
}
