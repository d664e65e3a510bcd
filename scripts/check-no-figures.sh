#!/usr/bin/env bash
# Fails on a comment in Sources/ that quotes a measured figure: an instruction, allocation, cycle or retain
# count, a time in nanoseconds or microseconds, a time something costs or took, a speed-up ("2x faster",
# "30% fewer"), a before -> after pair of numbers (issue 37). Figures go stale the day the code around them
# changes; they belong in the commit message that earned them and in the benchmark. The rule a comment may
# state instead — what is kept off the hot path, and why — is in Docs/Contributing.md, "Hot-path design".
#
# Consecutive comment lines are read as one text, so a figure wrapped over two lines is found. A number that
# describes behaviour rather than cost ("after 3 seconds", "UTF-8", a marble diagram) is not a figure.
#
# Usage: scripts/check-no-figures.sh [DIR…]     check the Swift files under DIR (default: Sources)
#        scripts/check-no-figures.sh --self-test  check that every planted figure of the fixture is reported,
#                                                 and none of its behaviour numbers
set -euo pipefail
cd "$(dirname "$0")/.."

check() {
  python3 - "$@" <<'EOF'
import os
import re
import sys

NUMBER = r"(?<![\w.\-$])\d[\d,]*(?:\.\d+)?\s*[kKM]?"
PATTERNS = [
    # A count of what the machine does: "219 instructions", "3 allocations fewer", "70M instructions".
    NUMBER + r"\s*(?:more |fewer |extra |less )?(?:instructions?|allocations?|allocs?|cycles?|retains?"
    r"|releases?|look-?ups?|cache misses)\b",
    # A time too short to be behaviour: "2.1 ns", "40 µs".
    NUMBER + r"\s*(?:ns|µs|us|nanoseconds?|microseconds?)\b",
    # A time something costs or took: "costs 3 ms", "took 1.5 seconds".
    r"\b(?:costs?|costing|took|takes|spent|spends|measured|runs? in|faster|slower|saves?)\W+(?:\w+\W+){0,3}?"
    + NUMBER + r"\s*(?:ms|s|milliseconds?|seconds?)\b",
    # A speed-up or a share: "2x faster", "1.4× slower", "30% fewer".
    NUMBER + r"\s*(?:x|×)\s*(?:faster|slower|cheaper|quicker|more|less|fewer)\b",
    NUMBER + r"\s*%",
    # A repetition counted: "about 35 times".
    r"\b(?:about|roughly|nearly|some|~)\s*" + NUMBER + r"\s*times\b",
    # A before -> after pair: "4,554 -> 4,379".
    NUMBER + r"\s*(?:->|→)\s*" + NUMBER,
]
FIGURE = re.compile("|".join(f"(?:{p})" for p in PATTERNS))
COMMENT = re.compile(r"^\s*//+ ?(.*)$")

found = 0
for root in sys.argv[1:]:
    paths = [root] if os.path.isfile(root) else sorted(
        os.path.join(folder, name) for folder, _, names in os.walk(root) for name in names if name.endswith(".swift")
    )
    for path in paths:
        with open(path, encoding="utf-8") as f:
            lines = f.read().split("\n")
        i = 0
        while i < len(lines):
            if not COMMENT.match(lines[i]):
                i += 1
                continue
            start, texts = i, []
            while i < len(lines) and COMMENT.match(lines[i]):
                texts.append(COMMENT.match(lines[i]).group(1))
                i += 1
            # Each character of the joined text knows its line, so a figure is reported where it starts.
            text, line_of = "", []
            for offset, part in enumerate(texts):
                text += part + " "
                line_of += [start + offset + 1] * (len(part) + 1)
            for match in FIGURE.finditer(text):
                found += 1
                print(f"{path}:{line_of[match.start()]}: a figure in a comment: \"{match.group(0).strip()}\"")
if found:
    print(
        f"{found} figure(s) in comments. Say why the code is shaped so, without the measurement: the figure "
        "belongs in the commit message and the benchmark (Docs/Contributing.md, \"Hot-path design\")."
    )
    sys.exit(1)
EOF
}

if [ "${1:-}" = "--self-test" ]; then
  fixture=scripts/no-figures-fixture
  if output=$(check "$fixture"/Figures.swift); then
    printf '%s\n' "$output"
    echo "Self-test FAILED: the fixture's planted figures passed the check." >&2
    exit 1
  fi
  printf '%s\n' "$output" | scripts/expect-lines.sh "$fixture"/expected.txt || exit 1
  planted=$(grep -c 'PLANTED$' "$fixture"/Figures.swift)
  reported=$(grep -c 'a figure in a comment' <<<"$output")
  if [ "$planted" != "$reported" ]; then
    printf '%s\n' "$output" >&2
    echo "Self-test FAILED: $planted figures planted, $reported reported (a behaviour number was reported?)." >&2
    exit 1
  fi
  echo "Self-test passed: every planted figure is reported, with its line, and no behaviour number is."
  exit 0
fi

if [ "$#" -eq 0 ]; then set -- Sources; fi
check "$@"
echo "No figures in the comments of $*."
