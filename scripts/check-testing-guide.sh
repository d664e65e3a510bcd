#!/usr/bin/env bash
# Checks that the ViewModel spec in Docs/Testing.md is, line for line, the code that
# Tests/SignalsTests/TestingGuideSpec.swift compiles and runs (between the TESTING-GUIDE markers).
set -euo pipefail
cd "$(dirname "$0")/.."

guide=$(awk '
  /^## A ViewModel spec/ { section = 1; next }
  section && /^```swift/ { inside = 1; next }
  inside && /^```/ { exit }
  inside { print }
' Docs/Testing.md)

spec=$(awk '
  /TESTING-GUIDE-END/ { exit }
  inside { print }
  /TESTING-GUIDE-BEGIN/ { inside = 1 }
' Tests/SignalsTests/TestingGuideSpec.swift)

if [ -z "$guide" ]; then
  echo "No swift block found under '## A ViewModel spec' in Docs/Testing.md." >&2
  exit 1
fi
if [ "$guide" != "$spec" ]; then
  echo "Docs/Testing.md's spec and Tests/SignalsTests/TestingGuideSpec.swift differ:" >&2
  diff <(printf '%s\n' "$guide") <(printf '%s\n' "$spec") >&2 || true
  exit 1
fi
