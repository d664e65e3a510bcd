/// The two-way binding operator: `left <~> right`.
infix operator <~> : BindingPrecedence

/// Binds two terminals or properties both ways: what comes out of each is sent into the other.
/// ```
/// left.value = :   ----2---      (left was 0, right 1 when bound)
/// right.value = :  ------3-
/// left:            1---2-3-      (1: the right side's value, at bind time)
/// right:           ----2-3-
/// ```
/// - **The right side wins at bind time:** what it replays (a property's value, a following terminal's latest)
///   is sent into the left side, not the other way; write `view <~> model`, as RAC's
///   `RACChannelTo(view) = RACChannelTo(model)`.
/// - **No feedback loop:** no terminal sends a value back to the side it came from, so a change travels once
///   each way; nothing is compared.
/// - **Ends** when either side's output ends or its lifetime does; terminal events are not carried across.
///
/// A debug build records the binding, and why it ended, for ``PropertyGraphDump``.
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
