#!/usr/bin/env bash
# Fails on a backwards edge between the layers of Sources/Signals (issue 37): a file of an earlier layer whose
# code names a type declared in a later one. The layers, earliest first, are the lines of scripts/layers.txt;
# Docs/Contributing.md, "The layers", draws them and says what each may use.
#
# A type is a top-level class, struct, enum, protocol, actor or typealias; comments and string literals are not
# code. An extension declares no type, so a later layer may extend an earlier layer's type (an
# `extension Signal` in Property/ is a forward edge). Every Swift file of Sources/Signals belongs to a layer.
# A later layer that the earlier one must reach (the debugging aids a wave reports to) installs a hook the
# earlier layer declares; the check has no exceptions.
#
# Usage: scripts/check-layers.sh               check Sources/Signals against scripts/layers.txt
#        scripts/check-layers.sh --self-test   check that the fixture's planted backwards edges are reported,
#                                              with their lines, and its names in comments and strings are not
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${1:-}" = "--self-test" ]; then
  fixture=scripts/layers-fixture
  if output=$(python3 scripts/check_layers.py "$fixture" "$fixture"/layers.txt); then
    printf '%s\n' "$output"
    echo "Self-test FAILED: the fixture's planted backwards edges passed the check." >&2
    exit 1
  fi
  printf '%s\n' "$output" | scripts/expect-lines.sh "$fixture"/expected.txt || exit 1
  planted=$(grep -c 'PLANTED$' "$fixture"/Early/Early.swift)
  reported=$(grep -c 'declared in the later layer' <<<"$output")
  if [ "$planted" != "$reported" ]; then
    printf '%s\n' "$output" >&2
    echo "Self-test FAILED: $planted edges planted, $reported reported (a comment or a string was read?)." >&2
    exit 1
  fi
  echo "Self-test passed: every planted backwards edge is reported, with its line, and no name in a comment or string is."
  exit 0
fi

python3 scripts/check_layers.py Sources/Signals scripts/layers.txt
