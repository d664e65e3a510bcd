#!/usr/bin/env bash
# Checks that the specs in Docs/Testing.md's "A ViewModel spec" are, line for line, code that the test suites
# compile and run (between the TESTING-GUIDE markers):
#   - the section's first swift block, the hotel form's exhaustive spec, is
#     Tests/SignalsMVVMTests/HotelOrderViewModelSpec.swift's (a test in a suite there, so one indent less);
#   - the first swift block under "### A search screen on virtual time" is Tests/SignalsTests/TestingGuideSpec.swift's.
set -euo pipefail
cd "$(dirname "$0")/.."

# The first swift block after the line that matches $1.
block_after() {
  awk -v heading="$1" '
    $0 ~ heading { section = 1; next }
    section && /^```swift/ { inside = 1; next }
    inside && /^```/ { exit }
    inside { print }
  ' Docs/Testing.md
}

# The lines between the markers of file $1, with $2 leading spaces removed.
marked_in() {
  awk '
    /TESTING-GUIDE-END/ { exit }
    inside { print }
    /TESTING-GUIDE-BEGIN/ { inside = 1 }
  ' "$1" | sed "s/^ \{0,$2\}//"
}

check() {
  local name=$1 guide=$2 spec=$3 file=$4
  if [ -z "$guide" ]; then
    echo "No swift block found for $name in Docs/Testing.md." >&2
    exit 1
  fi
  if [ "$guide" != "$spec" ]; then
    echo "Docs/Testing.md's $name and $file differ:" >&2
    diff <(printf '%s\n' "$guide") <(printf '%s\n' "$spec") >&2 || true
    exit 1
  fi
}

check "exhaustive spec" "$(block_after '^## A ViewModel spec')" \
  "$(marked_in Tests/SignalsMVVMTests/HotelOrderViewModelSpec.swift 2)" Tests/SignalsMVVMTests/HotelOrderViewModelSpec.swift
check "search spec" "$(block_after '^### A search screen on virtual time')" \
  "$(marked_in Tests/SignalsTests/TestingGuideSpec.swift 0)" Tests/SignalsTests/TestingGuideSpec.swift
echo "Docs/Testing.md's specs are the ones the tests run."
