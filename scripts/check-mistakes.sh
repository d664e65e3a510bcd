#!/usr/bin/env bash
# Mistakes read plainly (issue 36): for each everyday mistake with Signals, what the compiler must say.
#
# Each target scripts/compiler-checks/Sources/Mistake*/ holds one mistake, and its source file says what the
# compiler must answer, in comment lines of its own:
#   // expected: TEXT       some error on this file contains TEXT (at least one such line per file)
#   // not expected: TEXT   no diagnostic on this file (error, warning or note) contains TEXT: the candidate
#                           lists of a mistake must not lead the reader to `fileID:` and `line:`
# The target must fail to build, with its expected errors.
#
# Usage: scripts/check-mistakes.sh              check every mistake
#        scripts/check-mistakes.sh --self-test  check that an expectation the compiler does not meet fails
set -euo pipefail
cd "$(dirname "$0")/.."

package=scripts/compiler-checks
scratch=.build-compiler-checks  # shared with scripts/check-type-check-budget.sh: Signals is built once
rm -f "$scratch"/*/debug/description.json  # plan again: see scripts/check-compile-fail.sh

# check TARGET [EXTRA_EXPECTED]: TARGET fails to build, saying what its file expects (and EXTRA_EXPECTED).
check() {
  local target=$1 extra=${2:-} file output diagnostics text failed=0
  file=$(ls "$package/Sources/$target"/*.swift)
  if output=$(swift build --package-path "$package" --scratch-path "$scratch" --target "$target" 2>&1); then
    echo "FAILED: $target compiled; the mistake it holds must not." >&2
    return 1
  fi
  # The diagnostics on the mistake's own file, without their source excerpts.
  diagnostics=$(printf '%s\n' "$output" | grep -E "^$(pwd)/$file:[0-9]+:[0-9]+: (error|warning|note): " |
    sed -e "s|^$(pwd)/||" | LC_ALL=C sort -u || true)
  while IFS= read -r text; do
    if ! printf '%s\n' "$diagnostics" | grep -F ': error: ' | grep -qF -- "$text"; then
      echo "FAILED: $target: no error says \"$text\"." >&2
      failed=1
    fi
  done < <(sed -n 's|^// expected: ||p' "$file"; [ -z "$extra" ] || printf '%s\n' "$extra")
  while IFS= read -r text; do
    if printf '%s\n' "$diagnostics" | grep -qF -- "$text"; then
      echo "FAILED: $target: a diagnostic says \"$text\"." >&2
      failed=1
    fi
  done < <(sed -n 's|^// not expected: ||p' "$file")
  if [ "$failed" -ne 0 ]; then
    printf '%s\n' "The compiler said:" "$diagnostics" >&2
    return 1
  fi
  echo "$target: the compiler says what it must: $(printf '%s\n' "$diagnostics" | grep -F ': error: ' | head -1 |
    sed -e 's|^.*: error: ||')"
}

if [ "${1:-}" = "--self-test" ]; then
  if check MistakeClosureArity "a sentence the compiler never says" >/dev/null 2>&1; then
    echo "Self-test FAILED: the check accepted an error message the compiler does not give." >&2
    exit 1
  fi
  echo "Self-test passed: the check rejects an expectation the compiler does not meet."
  exit 0
fi

status=0
for dir in "$package"/Sources/Mistake*/; do
  target=$(basename "$dir")
  if ! grep -q '^// expected: ' "$dir"/*.swift; then
    echo "FAILED: $target says nothing it expects (// expected: …)." >&2
    status=1
    continue
  fi
  check "$target" || status=1
done
exit "$status"
