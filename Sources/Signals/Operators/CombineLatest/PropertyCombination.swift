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
  /// The inputs, which the closure reads unretained, and the handles of those fed by types of yours.
  @exclusivity(unchecked) @usableFromInline var held: [AnyObject]

  @inlinable
  init(
    _ inputs: [GraphNode], _ claim: InputClaim, handles: [AnyObject], initial: Value,
    combine: @escaping (Unmanaged<Propagation>) -> Value
  ) {
    self.combine = OperatorClosure(combine)
    held = handles
    super.init(
      initial: initial,
      compute: { node, wave in
        let node = unsafeDowncast(node, to: CombineNode.self)
        return node.set(node.combine(Unmanaged.passUnretained(wave)), in: wave)
      })
    join(inputs, claim)
  }

  @usableFromInline
  override func dropInputs(into released: inout [AnyObject]) {
    super.dropInputs(into: &released)
    released.append(ClosureBox(combine.release()))
    released += Swift.exchange(&held, with: [])
  }

  @usableFromInline
  override func releaseClosures() {
    combine = .released
  }
}

/// The node of `Property.combineLatest` over two properties, the everyday arity: the closure it was given,
/// called directly with the two values, and its two inputs, typed. No closure of the library's own around it.
@usableFromInline
final class CombinePairNode<First, Second, Value>: DerivedNode<Value> {
  /// The inputs; `nil` once the node left the graph (see ``GraphNode/dropInputs(into:)``).
  @exclusivity(unchecked) @usableFromInline var first: ValueNode<First>?
  @exclusivity(unchecked) @usableFromInline var second: ValueNode<Second>?
  /// Replaced by a closure that traps once the property ended; only the domain's owner calls it.
  @exclusivity(unchecked) @usableFromInline var combine: PairClosure<First, Second, Value>

  @inlinable
  init(_ first: GraphInput<First>, _ second: GraphInput<Second>, combine: @escaping (First, Second) -> Value) {
    let (firstNode, secondNode) = (first.enteredNode(), second.enteredNode())
    self.first = firstNode
    self.second = secondNode
    self.combine = PairClosure(combine)
    let claim = PropertyGraph.claim([firstNode, secondNode])
    super.init(
      initial: claim.consistently { combine(firstNode.value(for: claim), secondNode.value(for: claim)) },
      compute: { node, wave in
        let node = unsafeDowncast(node, to: CombinePairNode.self)
        return node.set(
          node.combine(node.first.unsafelyUnwrapped.value(in: wave), node.second.unsafelyUnwrapped.value(in: wave)),
          in: wave)
      })
    if first.handle != nil || second.handle != nil { inputHandles = [first.handle, second.handle].compactMap { $0 } }
    join([firstNode, secondNode], claim)
  }

  @usableFromInline
  override func dropInputs(into released: inout [AnyObject]) {
    super.dropInputs(into: &released)
    if let first = first.take() { released.append(first) }
    if let second = second.take() { released.append(second) }
  }

  @usableFromInline
  override func releaseClosures() {
    combine = .released
  }
}

/// The node of `Property.combineLatest` over three properties: as ``CombinePairNode``, one input more. The
/// parameter-pack node reads each input through a closure of the library's own; this one calls the closure it
/// was given directly with the three values.
@usableFromInline
final class CombineTripleNode<First, Second, Third, Value>: DerivedNode<Value> {
  /// The inputs; `nil` once the node left the graph (see ``GraphNode/dropInputs(into:)``).
  @exclusivity(unchecked) @usableFromInline var first: ValueNode<First>?
  @exclusivity(unchecked) @usableFromInline var second: ValueNode<Second>?
  @exclusivity(unchecked) @usableFromInline var third: ValueNode<Third>?
  /// Replaced by a closure that traps once the property ended; only the domain's owner calls it.
  @exclusivity(unchecked) @usableFromInline var combine: (First, Second, Third) -> Value

  @inlinable
  init(
    _ first: GraphInput<First>, _ second: GraphInput<Second>, _ third: GraphInput<Third>,
    combine: @escaping (First, Second, Third) -> Value
  ) {
    let (firstNode, secondNode, thirdNode) = (first.enteredNode(), second.enteredNode(), third.enteredNode())
    (self.first, self.second, self.third) = (firstNode, secondNode, thirdNode)
    self.combine = combine
    let claim = PropertyGraph.claim([firstNode, secondNode, thirdNode])
    super.init(
      initial: claim.consistently {
        combine(firstNode.value(for: claim), secondNode.value(for: claim), thirdNode.value(for: claim))
      },
      compute: { node, wave in
        let node = unsafeDowncast(node, to: CombineTripleNode.self)
        return node.set(
          node.combine(
            node.first.unsafelyUnwrapped.value(in: wave), node.second.unsafelyUnwrapped.value(in: wave),
            node.third.unsafelyUnwrapped.value(in: wave)),
          in: wave)
      })
    let handles = [first.handle, second.handle, third.handle].compactMap { $0 }
    if !handles.isEmpty { inputHandles = handles }
    join([firstNode, secondNode, thirdNode], claim)
  }

  @usableFromInline
  override func dropInputs(into released: inout [AnyObject]) {
    super.dropInputs(into: &released)
    if let first = first.take() { released.append(first) }
    if let second = second.take() { released.append(second) }
    if let third = third.take() { released.append(third) }
  }

  @usableFromInline
  override func releaseClosures() {
    combine = { _, _, _ in relayClosureCalledAfterTheEnd() }
  }
}

extension Property {
  /// The two-input forms' implementation (`combineLatest(a, b)` with a closure or without, and
  /// `a.combiningLatest(with: b)`): one ``CombinePairNode`` calling `combine`.
  @inlinable
  static func latestPair<B, Result>(
    _ a: some PropertyProtocol<Value>, _ b: some PropertyProtocol<B>, fileID: StaticString, line: UInt,
    combine: @escaping (Value, B) -> Result
  ) -> Property<Result> {
    madeAt(Property<Result>(derived: CombinePairNode(a.graphInput, b.graphInput, combine: combine)), fileID, line)
  }
}

extension Property {
  /// The three-input forms' implementation (`combineLatest(a, b, c)` with a closure or without, and
  /// `a.combiningLatest(with: b, c)`): one ``CombineTripleNode`` calling `combine`.
  @inlinable
  static func latestTriple<B, C, Result>(
    _ a: some PropertyProtocol<Value>, _ b: some PropertyProtocol<B>, _ c: some PropertyProtocol<C>,
    fileID: StaticString, line: UInt, combine: @escaping (Value, B, C) -> Result
  ) -> Property<Result> {
    madeAt(
      Property<Result>(derived: CombineTripleNode(a.graphInput, b.graphInput, c.graphInput, combine: combine)),
      fileID, line)
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
        guard wave.transaction == nil, node.waveValue.count == node.elements.count else {
          return node.set(node.elements.map { $0.value(in: wave) }, in: wave)
        }
        // The owner's wave refills, in place, the array the last commit swapped out of `committed` (the value
        // of two waves back): once the node holds two arrays of its own, a change allocates none. An array
        // someone else still holds is copied on the write, as a new one was made before.
        node.elements.withUnsafeBufferPointer { elements in
          node.waveValue.withUnsafeMutableBufferPointer { values in
            // `value(in:)` for the owner: the transaction was ruled out once, above.
            let changed = wave.changedMark
            for index in elements.indices {
              let element = elements[index]
              values[index] = element.waveMark == changed ? element.waveValue : element.committed
            }
          }
        }
        return .changed
      })
    inputHandles = handles
    join(nodes, claim)
  }
}
