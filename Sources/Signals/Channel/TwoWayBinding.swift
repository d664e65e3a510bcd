/// The two-way binding operator: `left <~> right`.
infix operator <~> : BindingPrecedence

/// Binds two terminals or properties both ways: what comes out of each is sent into the other.
///
/// ```
/// left.value = :   ----2---      (left was 0, right 1 when bound)
/// right.value = :  ------3-
/// left:            1---2-3-      (1: the right side's value, at bind time)
/// right:           ----2-3-
/// ```
///
/// - **Who wins at bind time:** the right side. Whatever the right side replays to a new observer (a
///   property's current value, a following terminal's latest value) is sent into the left side; what the
///   left side replays at bind time is not sent back. Write `view <~> model` to show the model's value, as
///   RAC's `RACChannelTo(view) = RACChannelTo(model)` does.
/// - **No feedback loop:** a change travels once each way and stops, because no terminal sends a value
///   back to the side it came from (a ``Channel`` never does; a property terminal does not echo its own
///   sets). Nothing is compared, so values need not be `Equatable`.
/// - **Ends** when either side ends: when what comes out of it completes or is interrupted, or when its
///   lifetime ends. Terminal events are not carried across: one side ending (a view going away) does not
///   end the other.
///
/// A debug build of Signals records the binding for ``PropertyGraphDump``, which lists it on both properties,
/// with why it ended.
///
/// - Returns: a disposable that ends the binding in both directions.
@discardableResult
public func <~> <Left: ChannelTerminalProvider, Right: ChannelTerminalProvider>(
  left: Left,
  right: Right
) -> any Disposable where Left.Value == Right.Value {
  let record =
    BindingRegistry.isOn ? BindingRegistry.register(source: left, target: right, targetName: nil, isTwoWay: true) : nil
  let left = left.channelTerminal
  let right = right.channelTerminal
  let binding = CompositeDisposable()
  binding += forward(from: right, to: left, skippingReplay: false, binding: binding, record: record)
  binding += forward(from: left, to: right, skippingReplay: true, binding: binding, record: record)
  guard let record else { return binding }
  return RecordedBinding(binding, record)
}

/// One direction of a two-way binding. It ends `binding` when `source` ends or `target`'s lifetime does, and
/// tells `record` (in a debug build) why.
private func forward<Value>(
  from source: ChannelTerminal<Value>,
  to target: ChannelTerminal<Value>,
  skippingReplay: Bool,
  binding: CompositeDisposable,
  record: BindingRegistry.Record?
) -> any Disposable {
  let isStarting = Locked(skippingReplay)
  let disposable = source.producer.take(during: target.lifetime).start { [weak binding] event in
    switch event {
    case .value(let value):
      let isReplay = isStarting.withLock { isStarting in
        defer { isStarting = false }
        return isStarting
      }
      if !isReplay { target.send(value: value) }
    case .completed:
      record?.ended(target.lifetime.hasEnded ? .sideLifetimeEnded : .sideCompleted)
      binding?.dispose()
    case .interrupted:
      record?.ended(.sideInterrupted)
      binding?.dispose()
    }
  }
  isStarting.withLock { $0 = false }
  return disposable
}
