import Observation
import Synchronization

/// A property's link to Observation: what makes `property.value`, read inside `withObservationTracking` (and so
/// in a SwiftUI view's `body`), register the property, and a change of it call the tracking's `onChange`.
///
/// A property gets one the first time its `value` is read, and keeps it; a property nobody reads has none.
/// Every handle of a property (`MutableProperty`, its `Property` views) shares it, as it belongs to the core.
///
/// The registrar needs an `Observable` subject and a key path; this object is the subject, and ``changes``
/// the one key path, for every property of every value type.
@usableFromInline
final class PropertyObservation: Observable, Sendable {
  @usableFromInline let registrar = ObservationRegistrar()

  @usableFromInline
  init() {}

  /// What tracking registers and a change mutates; never read for its value.
  @usableFromInline
  var changes: Int { 0 }

  /// The key path of ``changes``, made once: a key path literal is looked up at run time wherever it is
  /// evaluated, and a graph's wave tells every changed property.
  @usableFromInline
  static let changesKeyPath: KeyPath<PropertyObservation, Int> & Sendable = \.changes

  /// Registers a read with the tracking in progress on this thread, if any.
  @inlinable
  func access() {
    registrar.access(self, keyPath: Self.changesKeyPath)
  }

  /// Calls the `onChange` of every tracking that registered a read since its last change.
  @inlinable
  func changed() {
    registrar.withMutation(of: self, keyPath: Self.changesKeyPath) {}
  }
}

extension GraphNode {
  /// Registers a read of the property with Observation (making its link on the first read).
  @inlinable
  final func trackAccess() {
    let address = observation.load(ordering: .acquiring)
    guard address != 0 else { return makeObservation().access() }
    // The node keeps its link: borrowed, with no retain.
    Unmanaged<PropertyObservation>.fromOpaque(UnsafeRawPointer(bitPattern: address)!).borrow { $0.access() }
  }

  /// Makes the property's link to Observation, unless another thread just did; returns the one kept.
  @usableFromInline @inline(never)
  final func makeObservation() -> PropertyObservation {
    let made = Unmanaged.passRetained(PropertyObservation())
    let address = Int(bitPattern: made.toOpaque())
    let (stored, current) = observation.compareExchange(
      expected: 0, desired: address, ordering: .acquiringAndReleasing)
    guard stored else {
      made.release()
      return Unmanaged<PropertyObservation>.fromOpaque(UnsafeRawPointer(bitPattern: current)!).takeUnretainedValue()
    }
    return made.takeUnretainedValue()
  }

  /// Tells Observation the property changed, if it was ever read. Call it outside every lock (it calls the
  /// trackings' `onChange`), after the new value can be read.
  @inlinable @inline(__always)
  final func notifyChange() {
    let address = observation.load(ordering: .acquiring)
    guard address != 0 else { return }
    Unmanaged<PropertyObservation>.fromOpaque(UnsafeRawPointer(bitPattern: address)!).borrow { $0.changed() }
  }
}
