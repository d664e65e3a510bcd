#!/usr/bin/env bash
# Builds the package that Docs/GettingStarted.md tells a reader to write, from the page's own samples, and runs
# its specs (issue 25): a reader who follows the page gets a package that compiles and passes first time.
#
# The package is made in a scratch folder, as the page lays it out:
#   Signals/   a copy of this checkout's tracked files (the page's manifest depends on `../Signals`)
#   MyApp/     Package.swift: the page's manifest that depends on `.package(path: "../Signals")`
#              every ```swift block whose first line is `// Sources/...swift` or `// Tests/...swift`, at that path
# Then `swift build --build-tests` and `swift test` in MyApp must pass, and run every @Test of those files.
# Then the page's steps 2 to 6 run in its `Try` program, each alone at top level and all inside functions, and
# must write nothing to standard error (no `Signals: warning:` where nothing is wrong; issue 33).
#
# Usage: scripts/check-getting-started.sh [SCRATCH]   (default: .build-getting-started, kept for faster reruns)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

scratch=${1:-.build-getting-started}
mkdir -p "$scratch"
scratch=$(cd "$scratch" && pwd)

# This checkout as the page's `../Signals`: its tracked files, as they are in the working tree.
rm -rf "$scratch/Signals"
mkdir -p "$scratch/Signals"
git ls-files -z | tar --null -T - -cf - | tar -C "$scratch/Signals" -xf -

# The page's files. Sources and Tests are rewritten; MyApp/.build is kept between runs.
rm -rf "$scratch/MyApp/Sources" "$scratch/MyApp/Tests" "$scratch/MyApp/Package.swift"
tests=$(python3 - "$scratch/MyApp" Docs/GettingStarted.md <<'PYTHON'
import os, re, sys
root, doc = sys.argv[1], sys.argv[2]
text = open(doc, encoding="utf-8").read()
blocks = re.findall(r"^```swift\n(.*?)^```", text, re.S | re.M)
manifests = [b for b in blocks if b.startswith("// swift-tools-version:") and '.package(path: "../Signals")' in b]
if len(manifests) != 1:
  sys.exit(f"{doc}: expected one manifest that depends on .package(path: \"../Signals\"), found {len(manifests)}")
files = {"Package.swift": manifests[0]}
for block in blocks:
  first = block.split("\n", 1)[0]
  m = re.fullmatch(r"// ((?:Sources|Tests)/[\w/]+\.swift)", first)
  if m:
    if m.group(1) in files:
      sys.exit(f"{doc}: two blocks for {m.group(1)}")
    files[m.group(1)] = block
if not any(path.startswith("Sources/") for path in files) or not any(path.startswith("Tests/") for path in files):
  sys.exit(f"{doc}: no `// Sources/...` or no `// Tests/...` block")
tests = 0
for path, code in files.items():
  os.makedirs(os.path.dirname(os.path.join(root, path)), exist_ok=True)
  with open(os.path.join(root, path), "w", encoding="utf-8") as f:
    f.write(code)
  tests += len(re.findall(r"@Test\b", code))
print(tests)
PYTHON
)
echo "Getting started: $(cd "$scratch/MyApp" && find Sources Tests -name '*.swift' | sort | tr '\n' ' ')"

cd "$scratch/MyApp"
build=$(swift build --build-tests 2>&1) || { printf '%s\n' "$build"; echo "The guide's package does not build." >&2; exit 1; }
if grep -E "/MyApp/(Sources|Tests)/.*(warning|error):" <<<"$build"; then
  echo "The guide's code compiles with warnings (above)." >&2
  exit 1
fi
output=$(swift test 2>&1) || { printf '%s\n' "$output"; echo "The guide's specs fail." >&2; exit 1; }
printf '%s\n' "$output" | tail -n 3
if ! grep -qE "Test run with $tests tests? .*passed" <<<"$output"; then
  echo "Expected $tests passing tests from the guide's spec files." >&2
  exit 1
fi
echo "Getting started: the guide's package builds, and its $tests specs pass."

# Steps 2 to 6 in the guide's `Try` program, as the page says to try them: each step alone at the top level of
# Sources/Try/main.swift, then all of them each inside a function. Each must run to the end and write nothing to
# standard error: a warning where nothing is wrong is a false alarm (Docs/Debugging.md, the warning rule).
mkdir -p "$scratch/TryVariants"
python3 - "$scratch/TryVariants" "$root/Docs/GettingStarted.md" <<'PYTHON'
import os, re, sys
out, doc = sys.argv[1], sys.argv[2]
text = open(doc, encoding="utf-8").read()
start, end = text.index("\n## 2. "), text.index("\n## 7. ")
steps = []  # (declarations, statements) per step
for section in re.split(r"^## ", text[start:end], flags=re.M)[1:]:
  declarations, statements = [], []
  for marker, code in re.findall(r"(<!-- sample: file -->\n)?```swift\n(.*?)^```", section, re.S | re.M):
    (declarations if marker else statements).append(code)
  steps.append(("".join(declarations), "".join(statements)))
if len(steps) != 5:
  sys.exit(f"{doc}: expected steps 2 to 6, found {len(steps)} sections")
for number, (declarations, statements) in enumerate(steps, start=2):
  with open(os.path.join(out, f"top-level-{number}.swift.txt"), "w", encoding="utf-8") as f:
    f.write(f"import Signals\n\n{declarations}\n{statements}print(\"step {number} ran\")\n")
with open(os.path.join(out, "in-functions.swift.txt"), "w", encoding="utf-8") as f:
  f.write("import Signals\n\n")
  for number, (declarations, statements) in enumerate(steps, start=2):
    body = "".join("  " + line if line else line for line in statements.splitlines(True))
    f.write(f"{declarations}\nfunc step{number}() {{\n{body}}}\n\n")
  f.write("".join(f"step{number}()\n" for number in range(2, 7)) + 'print("steps 2 to 6 ran")\n')
PYTHON
cd "$scratch/MyApp"
for variant in top-level-2 top-level-3 top-level-4 top-level-5 top-level-6 in-functions; do
  cp "$scratch/TryVariants/$variant.swift.txt" Sources/Try/main.swift
  build=$(swift build --product Try 2>&1) || { printf '%s\n' "$build"; echo "Try ($variant) does not build." >&2; exit 1; }
  errors=$(mktemp)
  output=$("$(swift build --show-bin-path)/Try" 2>"$errors") || { cat "$errors"; echo "Try ($variant) failed." >&2; exit 1; }
  if [ -s "$errors" ]; then
    cat "$errors"
    echo "Try ($variant) wrote to standard error (above): the guide's steps must print no warning." >&2
    exit 1
  fi
  rm -f "$errors"
  if ! grep -qE "^(step [2-6]|steps 2 to 6) ran$" <<<"$output"; then
    printf '%s\n' "$output"
    echo "Try ($variant) did not run to the end." >&2
    exit 1
  fi
  echo "Getting started: $variant ran, and wrote nothing to standard error."
done
rm -rf "$scratch/TryVariants"
