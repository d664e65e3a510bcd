import Signals

// For the self-test of scripts/check-type-check-budget.sh: built with a budget of 1 ms, which these exceed, so
// that the check sees the compiler report them.

func probe(_ a: MutableProperty<Int>, _ b: MutableProperty<String>, _ c: MutableProperty<Double>) -> Property<String> {
  Property.combineLatest(a, b, c) { a, b, c in
    "\(a * 2 + 1) \(b.uppercased()) \(c > 1.5 ? "high" : c > 0.5 ? "mid" : "low") \(Double(a) * c + 0.5)"
  }
}
