/// The node of `Property.combineLatest` over a parameter pack: a value computed from every input's value.
///
/// The typed inputs live in the one closure that ``combinedProperty(_:_:output:)`` builds, not in stored
/// properties: Swift 6.3 crashes generating code for a class that stores a pack and expands it.
@usableFromInline
final class CombineNode<Value>: DerivedNode<Value> {
  /// The value from the inputs as a wave (or a transaction's view) sees them, the wave unretained: it is
  /// computing the node, so it outlives the call (and passing it costs no retain). Replaced by a closure that
  /// traps once the property ended.
  @exclusivity(unchecked) @usableFromInline var combine: OperatorClosure<Unmanaged<Propagation>, Value>

  @inlinable
  init(
    _ inputs: [GraphNode], _ claim: InputClaim, handles: [AnyObject], initial: Value,
    combine: @escaping (Unmanaged<Propagation>) -> Value
  ) {
    self.combine = OperatorClosure(combine)
    super.init(
      initial: initial,
      compute: { node, wave in
        let node = unsafeDowncast(node, to: CombineNode.self)
        return node.set(node.combine(Unmanaged.passUnretained(wave)), in: wave)
      })
    inputHandles = handles
    join(inputs, claim)
  }

  @usableFromInline
  override func dropInputs(into released: inout [AnyObject]) {
    super.dropInputs(into: &released)
    released.append(ClosureBox(combine.release()))
  }

  @usableFromInline
  override func releaseClosures() {
    combine = .released
  }
}

/// The node of `Property.combineLatest(first, rest…)`: its first value read from the inputs' values in one
/// state (see ``PropertyGraph/claim(_:)``), and its closure reading them as a wave sees them.
@inlinable
func combinedProperty<First, each Rest, Value>(
  _ first: GraphInput<First>,
  _ rest: repeat GraphInput<each Rest>,
  output: @escaping ((First, (repeat each Rest))) -> Value
) -> CombineNode<Value> {
  let firstCore = first.node
  // The node keeps its inputs (its handles, below); the closure reads them unretained, since reading a class
  // reference out of a captured pack costs a retain and a release each.
  let others = (repeat (each rest).node)
  let unretainedOthers = (repeat Unmanaged.passUnretained(each others))
  var nodes: [GraphNode] = []
  var handles: [AnyObject] = []
  func add<Input>(_ input: GraphInput<Input>) {
    nodes.append(input.enteredNode())
    if let handle = input.handle { handles.append(handle) }
  }
  add(first)
  _ = (repeat add(each rest))
  let claim = PropertyGraph.claim(nodes)
  let initial = claim.consistently { output((firstCore.value(for: claim), (repeat (each others).value(for: claim)))) }
  return CombineNode(
    nodes, claim, handles: handles + nodes, initial: initial,
    combine: { wave in
      wave.borrow { wave in
        output((firstCore.value(in: wave), (repeat (each unretainedOthers).borrow { $0.value(in: wave) })))
      }
    })
}

/// The node of `Property.combineLatest` over a list of properties of one type: the array of their values.
@usableFromInline
final class CombineListNode<Element>: DerivedNode<[Element]> {
  /// The inputs; empty once the node left the graph (see ``GraphNode/dropInputs(into:)``).
  @exclusivity(unchecked) @usableFromInline var elements: [ValueNode<Element>]

  @usableFromInline
  override func dropInputs(into released: inout [AnyObject]) {
    super.dropInputs(into: &released)
    released += Swift.exchange(&elements, with: []) as [AnyObject]
  }

  @inlinable
  init(_ inputs: [GraphInput<Element>]) {
    var elements: [ValueNode<Element>] = []
    var nodes: [GraphNode] = []
    var handles: [AnyObject] = []
    for input in inputs {
      let node = input.enteredNode()
      elements.append(node)
      nodes.append(node)
      if let handle = input.handle { handles.append(handle) }
    }
    self.elements = elements
    let claim = PropertyGraph.claim(nodes)
    let initial = claim.consistently {
      var initial: [Element] = []
      initial.reserveCapacity(elements.count)
      for element in elements { initial.append(element.value(for: claim)) }
      return initial
    }
    super.init(
      initial: initial,
      compute: { node, wave in
        let node = unsafeDowncast(node, to: CombineListNode.self)
        return node.set(node.elements.map { $0.value(in: wave) }, in: wave)
      })
    inputHandles = handles
    join(nodes, claim)
  }
}
