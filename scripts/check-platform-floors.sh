#!/usr/bin/env bash
# Checks that the code stays within the Apple platforms Package.swift declares, and that README.md lists them
# (issue 25). The table of module and symbol floors, and how a guarded use is allowed, are in
# scripts/check_platform_floors.py.
#
# Usage: scripts/check-platform-floors.sh              check Package.swift, Sources and README.md
#        scripts/check-platform-floors.sh --self-test  check that a fixture above the floor fails, line by line
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${1:-}" = "--self-test" ]; then
  fixture=scripts/platform-floors-fixture
  if output=$(python3 scripts/check_platform_floors.py --package "$fixture"/Package.swift \
    --sources "$fixture"/Sources --readme "$fixture"/README.md); then
    printf '%s\n' "$output"
    echo "Self-test FAILED: the fixture above the floor passed the check." >&2
    exit 1
  fi
  printf '%s\n' "$output" | scripts/expect-lines.sh "$fixture"/expected.txt || exit 1
  if grep -q "AboveTheFloor.swift:\(6\|7\|15\):" <<<"$output"; then
    printf '%s\n' "$output" >&2
    echo "Self-test FAILED: a use within the floor, or a guarded one, was reported." >&2
    exit 1
  fi
  echo "Self-test passed: the fixture fails with every expected line, and nothing within the floor is reported."
  exit 0
fi

python3 scripts/check_platform_floors.py --package Package.swift --sources Sources --readme README.md
