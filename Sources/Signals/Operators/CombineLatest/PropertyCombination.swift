/// The core of `Property.combineLatest` over a parameter pack: a value computed from every input's value.
///
/// The typed inputs live in the closures that ``combinedProperty(_:_:output:)`` builds, not in stored
/// properties: Swift 6.3 crashes generating code for a class that stores a pack and expands it.
@usableFromInline
final class CombinePropertyCore<Value>: DerivedCore<Value>, @unchecked Sendable {
  /// The value from the inputs as a wave sees them; replaced by a closure that traps once the property ended.
  @exclusivity(unchecked) @usableFromInline var combine: (Wave) -> Value
  /// Whether an input's value, as a transaction sees it, differs from its committed one.
  @exclusivity(unchecked) @usableFromInline var changedTentatively: (PropertyTransaction) -> Bool
  /// The value from the inputs as a transaction sees them.
  @exclusivity(unchecked) @usableFromInline var combineTentatively: (PropertyTransaction) -> Value

  @inlinable
  init(
    _ inputs: [GraphNode], _ claim: InputClaim, handles: [AnyObject], initial: Value,
    combine: @escaping (Wave) -> Value, changedTentatively: @escaping (PropertyTransaction) -> Bool,
    combineTentatively: @escaping (PropertyTransaction) -> Value
  ) {
    self.combine = combine
    self.changedTentatively = changedTentatively
    self.combineTentatively = combineTentatively
    super.init(
      initial: initial,
      compute: { node, wave in
        let core = unsafeDowncast(node.core, to: CombinePropertyCore.self)
        core.waveValue = core.combine(wave)
        return .changed
      },
      perform: { node, message in
        guard case .computeTentative(let transaction) = message else {
          return PropertyCore<Value>.performCommon(node, message)
        }
        let core = unsafeDowncast(node.core, to: CombinePropertyCore.self)
        if core.changedTentatively(transaction) {
          transaction.remember(core, core.combineTentatively(transaction), changed: true)
        } else {
          transaction.remember(core, transaction.committedValue(of: core), changed: false)
        }
      })
    inputHandles = handles
    join(inputs, claim)
  }

  @usableFromInline
  override func releaseClosures() {
    combine = { _ in relayClosureCalledAfterTheEnd() }
    changedTentatively = { _ in relayClosureCalledAfterTheEnd() }
    combineTentatively = { _ in relayClosureCalledAfterTheEnd() }
  }
}

/// The core of `Property.combineLatest(first, rest…)`: its first value read from the inputs' values in one
/// state (see ``PropertyGraph/claim(_:)``), and its closures reading them as a wave or a transaction sees them.
@inlinable
func combinedProperty<First, each Rest, Value>(
  _ first: (core: PropertyCore<First>, handle: AnyObject?),
  _ rest: repeat (core: PropertyCore<each Rest>, handle: AnyObject?),
  output: @escaping ((First, (repeat each Rest))) -> Value
) -> CombinePropertyCore<Value> {
  let firstCore = first.core
  let others = (repeat (each rest).core)
  var nodes: [GraphNode] = []
  var handles: [AnyObject] = []
  func add<Input>(_ input: (core: PropertyCore<Input>, handle: AnyObject?)) {
    input.core.enterGraph()
    nodes.append(input.core.node)
    if let handle = input.handle { handles.append(handle) }
  }
  add(first)
  _ = (repeat add(each rest))
  let claim = PropertyGraph.claim(nodes)
  let initial = output((firstCore.value(for: claim), (repeat (each others).value(for: claim))))
  return CombinePropertyCore(
    nodes, claim, handles: handles, initial: initial,
    combine: { wave in output((firstCore.value(in: wave), (repeat (each others).value(in: wave)))) },
    changedTentatively: { transaction in
      var changed = firstCore.tentativelyChanged(in: transaction)
      func check<Input>(_ core: PropertyCore<Input>) {
        if core.tentativelyChanged(in: transaction) { changed = true }
      }
      _ = (repeat check(each others))
      return changed
    },
    combineTentatively: { transaction in
      output((firstCore.tentativeValue(in: transaction), (repeat (each others).tentativeValue(in: transaction))))
    })
}

extension PropertyCore {
  /// Whether the value, as `transaction` sees it, differs from the committed one.
  @inlinable
  final func tentativelyChanged(in transaction: PropertyTransaction) -> Bool {
    transaction.tentative(of: self).changed
  }

  /// The value as `transaction` sees it.
  @inlinable
  final func tentativeValue(in transaction: PropertyTransaction) -> Value {
    transaction.tentative(of: self).value
  }
}

/// The core of `Property.combineLatest` over a list of properties of one type: the array of their values.
@usableFromInline
final class CombineListPropertyCore<Element>: DerivedCore<[Element]>, @unchecked Sendable {
  @usableFromInline let elements: [PropertyCore<Element>]

  @inlinable
  init(_ inputs: [(core: PropertyCore<Element>, handle: AnyObject?)]) {
    elements = inputs.map(\.core)
    for element in elements { element.enterGraph() }
    let nodes = elements.map(\.node)
    let claim = PropertyGraph.claim(nodes)
    super.init(
      initial: elements.map { $0.value(for: claim) },
      compute: { node, wave in
        let core = unsafeDowncast(node.core, to: CombineListPropertyCore.self)
        core.waveValue = core.elements.map { $0.value(in: wave) }
        return .changed
      },
      perform: { node, message in
        guard case .computeTentative(let transaction) = message else {
          return PropertyCore<[Element]>.performCommon(node, message)
        }
        let core = unsafeDowncast(node.core, to: CombineListPropertyCore.self)
        let values = core.elements.map { transaction.tentative(of: $0) }
        if values.contains(where: \.changed) {
          transaction.remember(core, values.map(\.value), changed: true)
        } else {
          transaction.remember(core, transaction.committedValue(of: core), changed: false)
        }
      })
    inputHandles = inputs.compactMap(\.handle)
    join(nodes, claim)
  }
}
