#!/usr/bin/env bash
# Checks that the README's example is, line for line, the code that ReadmeExampleTests compiles and runs.
# The README block is taken after its `import Signals` line; the test's copy sits between the
# README-EXAMPLE-BEGIN/END markers, indented by two spaces.
set -euo pipefail
cd "$(dirname "$0")/.."

readme=$(awk '
  /^## Example/ { section = 1; next }
  section && /^```swift/ { inside = 1; next }
  inside && /^```/ { exit }
  inside && /^import Signals$/ { skip_blank = 1; next }
  inside && skip_blank && /^$/ { skip_blank = 0; next }
  inside { skip_blank = 0; print }
' README.md)

test=$(awk '
  /README-EXAMPLE-END/ { exit }
  inside { sub(/^  /, ""); print }
  /README-EXAMPLE-BEGIN/ { inside = 1 }
' Tests/SignalsTests/ReadmeExampleTests.swift)

if [ -z "$readme" ]; then
  echo "No swift block found under '## Example' in README.md." >&2
  exit 1
fi
if [ "$readme" != "$test" ]; then
  echo "README.md's example and Tests/SignalsTests/ReadmeExampleTests.swift differ:" >&2
  diff <(printf '%s\n' "$readme") <(printf '%s\n' "$test") >&2 || true
  exit 1
fi
echo "README example matches its test."
