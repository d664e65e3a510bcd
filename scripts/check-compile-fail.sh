#!/usr/bin/env bash
# Checks that the data races Swift 6 must reject do not compile (issue 22, item 4).
#
# scripts/compile-fail is a package (not part of Signals) whose target Race runs one closure from two tasks at
# once, for each kind of closure Signals may run on two threads at once: a producer's start closure, a producer
# operator's closure, a command's work and a property's closure. Each mutates a counter that is not Sendable.
# Above its marker, Race also keeps a producer's generic state per start in a `var` that an operator's closure
# mutates, which Swift 6 rejects though each start has its own (Docs/Migrating.md, the feedback-loop port);
# Corrected keeps it in a `LockedState`.
# - Race must fail to build with exactly the errors in scripts/compile-fail/expected.txt (one per race, three
#   for the `var`);
# - Corrected, the same program with a counter that is safe to share, must build with no warning;
# - the two files must be identical below their marker line,
# so the check cannot pass for a reason other than the races (a typo, an API that moved).
#
# Usage: scripts/check-compile-fail.sh              check Race and Corrected
#        scripts/check-compile-fail.sh --self-test  check that the checker rejects a race that compiles, a
#                                                   failure for another reason, a twin that does not compile,
#                                                   and twins that differ
set -euo pipefail
cd "$(dirname "$0")/.."

package=scripts/compile-fail
scratch=.build-compile-fail  # kept between runs: only the first builds Signals
marker='// THE TWINS ARE IDENTICAL BELOW THIS LINE'

# SwiftPM keeps a build plan in the scratch folder that does not notice files added to or removed from the
# Signals path dependency since (a kept scratch then fails with "cannot find … in scope"): plan again.
rm -f "$scratch"/*/debug/description.json

# Warnings are errors, in every build of this script (the same flags, so Signals is built once).
build() {
  swift build --package-path "$package" --scratch-path "$scratch" --target "$1" -Xswiftc -warnings-as-errors 2>&1
}

# The error lines of a build's output, relative to the package, without their diagnostic group, once each.
errors() {
  grep -E '^/.*: error: ' | sed -e "s|^$(pwd)/$package/||" -e 's/ \[#[A-Za-z]*\]$//' | LC_ALL=C sort -u || true
}

# must_fail TARGET: building TARGET fails, with exactly the errors of expected.txt.
must_fail() {
  local output found expected
  if output=$(build "$1"); then
    echo "FAILED: $1 compiled: nothing rejects the races it contains." >&2
    return 1
  fi
  found=$(printf '%s\n' "$output" | errors)
  expected=$(LC_ALL=C sort -u "$package/expected.txt")
  if [ "$found" != "$expected" ]; then
    echo "FAILED: $1 does not compile, but not with exactly the expected errors (< expected, > found):" >&2
    diff <(printf '%s\n' "$expected") <(printf '%s\n' "$found") >&2 || true
    return 1
  fi
  echo "$1 does not compile, with exactly the $(printf '%s\n' "$found" | wc -l) expected errors."
}

# must_compile TARGET: building TARGET succeeds (warnings are errors).
must_compile() {
  local output
  if ! output=$(build "$1"); then
    printf '%s\n' "$output" | grep -E ': (error|warning): ' >&2 || true
    echo "FAILED: $1, the corrected twin, does not compile." >&2
    return 1
  fi
  echo "$1 compiles, with no warning."
}

# twins A B: the two source files are identical from their marker line on.
twins() {
  local a b
  a=$(sed -n "\\|^$marker\$|,\$p" "$package/$1")
  b=$(sed -n "\\|^$marker\$|,\$p" "$package/$2")
  if [ -z "$a" ] || [ "$a" != "$b" ]; then
    echo "FAILED: $1 and $2 differ below the line '$marker' (or one lacks it):" >&2
    diff <(printf '%s\n' "$a") <(printf '%s\n' "$b") >&2 || true
    return 1
  fi
  echo "$1 and $2 are twins: identical below the marker."
}

if [ "${1:-}" = "--self-test" ]; then
  output=""
  for check in "must_fail Corrected" "must_fail OtherError" "must_compile OtherError" \
    "twins Sources/Race/Race.swift Sources/OtherError/OtherError.swift"; do
    if result=$($check 2>&1); then
      printf '%s\n' "$result"
      echo "Self-test FAILED: the checker accepted '$check'." >&2
      exit 1
    fi
    output+="$result"$'\n'
  done
  printf '%s\n' "$output" | scripts/expect-lines.sh "$package"/self-test.txt || exit 1
  echo "Self-test passed: the checker rejects a race that compiles, another error, a twin that fails, and twins that differ."
  exit 0
fi

twins Sources/Race/Race.swift Sources/Corrected/Corrected.swift
must_compile Corrected
must_fail Race
