extension MutableProperty: ChannelTerminalProvider {
  /// A new terminal on this property, RAC's `RACChannelTo(object, key)`: values sent into it set the
  /// property; the property's current value and every later change come out of it, **except the changes it
  /// made itself**, so a two-way binding never sends a value back where it came from.
  ///
  /// ```
  /// sent into terminal:  ---a-------
  /// property.value = :   -------b---
  /// terminal (start 0):  0------b---   (a is not echoed)
  /// ```
  ///
  /// - Emits: the current value on each observation, then every change except those sent into this
  ///   terminal. Changes sent into *another* terminal of the same property do come out of this one.
  /// - Completes: when the property is released. Terminal events sent into the terminal are ignored: a
  ///   view going away does not end the model's state.
  /// - Interruption and disposal: disposing an observation detaches it from the property.
  ///
  /// The terminal holds the property weakly, like a binding target: values sent after the property was
  /// released are dropped.
  ///
  /// **What "not echoed" means exactly.** A set through the terminal is recognised by its delivery: the
  /// first delivery of a value to each of the terminal's observers that happens during the set, on the
  /// setting thread. That is always the terminal's own value when the property was idle — the normal case.
  /// If the property was busy delivering (the set came from inside one of its observers, or while another
  /// thread was delivering), the value is delivered later, after the set returned, and then it does come
  /// out of the terminal: one extra, harmless delivery of the current value, never a lost one. If that
  /// delivery reaches, through a two-way binding, a property the same change already set (the two ends share
  /// a derived property, so their changes queue behind each other), that set is dropped as the echo it is:
  /// a two-way binding never loops, and the drop is not reported as a ``BindingCycle``. Values that are not
  /// `Equatable` are handled the same way: nothing is compared.
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
