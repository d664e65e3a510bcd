#!/usr/bin/env bash
# For the checkers' self-tests: succeeds if the text on standard input has a line containing each line of
# EXPECTED (fixed strings); otherwise says which are missing, prints the text, and fails.
#
# Usage: command-that-must-fail | scripts/expect-lines.sh EXPECTED
set -uo pipefail
output=$(cat)
status=0
while IFS= read -r expected; do
  if ! grep -qF -- "$expected" <<<"$output"; then
    echo "Self-test FAILED: expected a line containing: $expected" >&2
    status=1
  fi
done <"$1"
if [ "$status" -ne 0 ]; then printf '%s\n' "$output" >&2; fi
exit "$status"
