/// Calls `visit` with each value stored in `object`, found by reflection, and its label: the object's stored
/// properties (its superclasses' included, the leading underscore a property wrapper adds dropped) and, one
/// level deep, those of the structs and objects it holds (`name.text` for a child view model's `text`).
///
/// `visit` returns whether it took the value; a struct or object it did not take at the top level is looked
/// into. What ``PropertyGraphDump`` and the leak check (``AttachmentSites``) use to find a view model's streams.
/// SignalsTesting's `ViewModelSpec` finds a view model's outputs with it too.
package func forEachStoredValue(of object: Any, _ visit: (_ label: String, _ value: Any) -> Bool) {
  func walk(_ object: Any, prefix: String?, depth: Int) {
    var mirrors: [Mirror] = []
    var next: Mirror? = Mirror(reflecting: object)
    while let mirror = next {
      mirrors.insert(mirror, at: 0)
      next = mirror.superclassMirror
    }
    for child in mirrors.flatMap(\.children) {
      guard var label = child.label else { continue }
      if label.hasPrefix("_") { label.removeFirst() }
      let name = prefix.map { "\($0).\(label)" } ?? label
      guard !visit(name, child.value), depth == 0 else { continue }
      if [.struct, .class].contains(Mirror(reflecting: child.value).displayStyle) {
        walk(child.value, prefix: name, depth: depth + 1)
      }
    }
  }
  walk(object, prefix: nil, depth: 0)
}
