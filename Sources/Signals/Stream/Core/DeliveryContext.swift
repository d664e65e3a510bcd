/// What a queued change of a property is delivered inside.
///
/// A property's core delivers its observers one event at a time; a change the property graph propagates while
/// the core is busy (replaying its value to a new observer, say) is queued and delivered later by the core's
/// drain, after the propagation itself has returned. The context lets that later delivery run as the
/// propagation's own would: the graph knows which change caused whatever an observer does meanwhile.
@usableFromInline
protocol DeliveryContext: AnyObject {
  /// Runs `body`, which delivers the change, inside the context.
  func deliver(_ body: () -> Void)
  /// A core queued a change of this context, to deliver later: the context must outlive the delivery.
  func wasQueued()
}
