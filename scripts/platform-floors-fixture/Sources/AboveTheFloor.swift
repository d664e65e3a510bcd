import Observation
import RegexBuilder
import Synchronization

// Within the floor: Mutex, Observation, clocks.
let lock = Mutex(0)
let clock = ContinuousClock()

// Above it: a Swift 6.2 InlineArray and Observations.
let three: InlineArray<3, Int> = [1, 2, 3]
func watch(_ read: @escaping @Sendable () -> Int) { _ = Observations { read() } }

// Allowed where it is guarded.
@available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
func guarded() { _ = InlineArray<2, Int>(repeating: 0) }  // platform-floor: guarded
