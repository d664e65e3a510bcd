/// The node of a command's `isExecuting` or `isEnabled`: one flag of the command's ``ShownState``, which changes
/// only when that flag does. It is `shown.map { $0.flag }.skipRepeats()` in one node, with no closure: both
/// outputs are computed on every change of the command's state, twice per execution.
@usableFromInline
final class ShownFlagNode: DerivedNode<Bool> {
  /// Which flag of the state a node shows.
  @usableFromInline
  enum Flag {
    case isExecuting, isEnabled
  }

  /// The command's shown state; `nil` once the node left the graph (see ``GraphNode/dropInputs(into:)``).
  @exclusivity(unchecked) @usableFromInline var input: ValueNode<ShownState>?
  @usableFromInline let flag: Flag

  @inlinable
  init(_ input: PropertyCore<ShownState>, _ flag: Flag) {
    self.input = input.node
    self.flag = flag
    input.enterGraph()
    let claim = PropertyGraph.claim([input.node])
    super.init(
      initial: Self.read(flag, of: input.node.value(for: claim)),
      compute: { node, wave in
        let node = unsafeDowncast(node, to: ShownFlagNode.self)
        let value = Self.read(node.flag, of: node.input.unsafelyUnwrapped.value(in: wave))
        guard value != node.committedValue else { return .unchanged }
        node.waveValue = value
        return .changed
      },
      perform: { node, message in
        guard case .computeTentative(let transaction) = message else {
          return ValueNode<Bool>.performCommon(node, message)
        }
        let node = unsafeDowncast(node, to: ShownFlagNode.self)
        let (state, changed) = transaction.tentative(of: node.input.unsafelyUnwrapped)
        let committed = transaction.committedValue(of: node)
        let value = Self.read(node.flag, of: state)
        transaction.remember(node, changed ? value : committed, changed: changed && value != committed)
      })
    join([input.node], claim)
  }

  @inlinable @inline(__always)
  static func read(_ flag: Flag, of state: ShownState) -> Bool {
    switch flag {
    case .isExecuting: state.isExecuting
    case .isEnabled: state.isEnabled
    }
  }

  @usableFromInline
  override func dropInputs(into released: inout [AnyObject]) {
    super.dropInputs(into: &released)
    if let input = input.take() { released.append(input) }
  }
}
