// Runs a case for real and in the model, compares, and shrinks a disagreement to a small case.

/// A case on which the real pipeline and the model disagree.
struct Mismatch {
  var modelCase: ModelCase
  var expected: [(time: Int, event: ModelEvent)]
  var actual: [(time: Int, event: ModelEvent)]
  /// How many actions were still scheduled right after the result ended (0 expected: pending work is
  /// cancelled), or `nil` if it did not end.
  var scheduledAfterEnd: Int?

  /// The case and both outputs as marbles.
  var report: String {
    """
    \(ModelMarbles.describe(modelCase))
    expected: \(ModelMarbles.render(expected))
      actual: \(ModelMarbles.render(actual))
    """ + (scheduledAfterEnd ?? 0 > 0 ? "\nactions still scheduled after the result ended: \(scheduledAfterEnd!)" : "")
  }
}

struct ModelChecker {
  var model = ReferenceModel()
  /// Cases that must not be generated, with the reason (known library issues); none today.
  var excluded: (ModelCase) -> Bool = { _ in false }

  /// The mismatch of `modelCase`, if the real pipeline and the model disagree on it.
  func check(_ modelCase: ModelCase) -> Mismatch? {
    let expected = model.output(of: modelCase).map { (time: $0.key.time, event: $0.event) }
    let (actual, scheduledAfterEnd) = PipelineRunner.run(modelCase)
    let same = expected.elementsEqual(actual) { $0.time == $1.time && $0.event == $1.event }
    guard !same || scheduledAfterEnd ?? 0 > 0 else { return nil }
    return Mismatch(modelCase: modelCase, expected: expected, actual: actual, scheduledAfterEnd: scheduledAfterEnd)
  }

  /// Greedily applies the first simplification that still disagrees, until none does (or `budget` checks
  /// were spent).
  func shrink(_ mismatch: Mismatch, budget: Int = 5_000) -> (mismatch: Mismatch, steps: Int) {
    let (shrunk, steps) = shrinkGreedily(
      mismatch, case: \.modelCase, candidates: { CaseShrinker.candidates($0).filter { !excluded($0) } },
      check: check, budget: budget)
    return (shrunk, steps)
  }
}
