// Planted figures for scripts/check-no-figures.sh --self-test: each line that ends in the marker holds one figure,
// and every other number in this file describes behaviour, which must not be reported.

/// Sends each value once: a chain of three costs 219 instructions per value. PLANTED
/// After 3 seconds the second value arrives; a marble diagram: -1-2-3-|, one tick per character.
func sample() {
  // Kept inline, which attaches with 3 allocations fewer. PLANTED
  let utf8 = "UTF-8 bytes: a character is complete after 1 to 4 bytes"
  // The time since the origin, e.g. "1.5 seconds"; the demo waits up to 100 ms for keys.
  /// Unspecialised, ending a property looked up metadata about 35 times (a graph of 4,000 PLANTED
  /// properties: 70M
  /// instructions). PLANTED
  // An uncontended atomic costs about 2.1 ns here. PLANTED
  // The new queue is 1.4x faster than the heap, PLANTED
  // and 30% of the wave was spent in the rank heap. PLANTED
  // kairo diamond 4,554 -> 4,379 per write. PLANTED
  // Building the graph took 1.5 seconds. PLANTED
  // One allocation per subscription, none per value; W1 is the gate's chain of map and filter.
  _ = utf8
}
