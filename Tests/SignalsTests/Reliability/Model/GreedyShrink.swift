/// Shrinks a failure greedily: tries the simplifications of its case, biggest first, and moves to the first
/// that still fails; stops when none does, or after `budget` checks. Returns the smallest failure found and
/// how many steps it took. Shared by the operator and the property-graph model tests.
func shrinkGreedily<Case, Failure>(
  _ failure: Failure,
  case caseOf: (Failure) -> Case,
  candidates: (Case) -> [Case],
  check: (Case) -> Failure?,
  budget: Int
) -> (failure: Failure, steps: Int) {
  var current = failure
  var steps = 0
  var checks = 0
  var improved = true
  while improved, checks < budget {
    improved = false
    for candidate in candidates(caseOf(current)) {
      checks += 1
      if let smaller = check(candidate) {
        current = smaller
        steps += 1
        improved = true
        break
      }
      if checks >= budget { break }
    }
  }
  return (current, steps)
}
