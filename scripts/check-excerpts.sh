#!/usr/bin/env bash
# Checks that every code block of README.md and Docs/ marked as an excerpt of a source file is one, verbatim
# (issue 37): a sample that copies a real file drifts the day the file changes, unless CI compares them.
#
# The marker is an HTML comment on its own line, right before the block's fence or right before the block's
# `<!-- sample: … -->` marker (scripts/check-doc-samples.sh):
#     <!-- excerpt: Sources/Signals/Operators/Scan.swift -->
# The block's lines must be lines of that file, in the file's order, each run of them consecutive there and
# with the same indentation. A line whose text starts with `// …` stands for lines of the file left out (a
# doc comment, another overload); it is the only freedom an excerpt has.
#
# Usage: scripts/check-excerpts.sh [FILE.md…]   check README.md and Docs/**/*.md (or the given files)
#        scripts/check-excerpts.sh --self-test  check that a fixture's drifted excerpts fail, line by line
set -euo pipefail
cd "$(dirname "$0")/.."

check() {
  python3 - "$@" <<'EOF'
import re
import sys

EXCERPT = re.compile(r"^<!--\s*excerpt:\s*(\S+)\s*-->\s*$")
SAMPLE = re.compile(r"^<!--\s*sample:.*-->\s*$")
FENCE = re.compile(r"^(\s*)(```+|~~~+)(.*)$")
ELISION = re.compile(r"^\s*// …")

problems = excerpts = 0


def report(doc, line, message):
    global problems
    problems += 1
    print(f"{doc}:{line}: {message}")


for doc in sys.argv[1:]:
    with open(doc, encoding="utf-8") as f:
        lines = f.read().split("\n")
    i = 0
    while i < len(lines):
        match = EXCERPT.match(lines[i])
        if not match:
            i += 1
            continue
        source, marker_line = match.group(1), i + 1
        j = i + 1
        if j < len(lines) and SAMPLE.match(lines[j]):
            j += 1
        fence = FENCE.match(lines[j]) if j < len(lines) else None
        if not fence:
            report(doc, marker_line, "an excerpt marker must be followed by a code block (or its sample marker, then the block)")
            i += 1
            continue
        indent, ticks = fence.group(1), fence.group(2)
        start = j + 1
        end = start
        while end < len(lines) and not lines[end].strip().startswith(ticks):
            end += 1
        block = [line[len(indent):] if line.startswith(indent) else line for line in lines[start:end]]
        i = end + 1
        excerpts += 1
        try:
            with open(source, encoding="utf-8") as f:
                file_lines = [line.rstrip() for line in f.read().split("\n")]
        except OSError:
            report(doc, marker_line, f"the excerpt's file {source} does not exist")
            continue
        # Runs of consecutive lines, separated by elisions, each with the document line it starts at.
        runs, run = [], []
        for offset, line in enumerate(block):
            if ELISION.match(line):
                if run:
                    runs.append(run)
                run = []
            else:
                run.append((start + offset + 1, line.rstrip()))
        if run:
            runs.append(run)
        position = 0
        for run in runs:
            texts = [text for _, text in run]
            found = next(
                (k for k in range(position, len(file_lines) - len(texts) + 1) if file_lines[k : k + len(texts)] == texts),
                None,
            )
            if found is not None:
                position = found + len(texts)
                continue
            # Say where the run leaves the file: the longest prefix found from `position` on.
            best, best_at = 0, None
            for k in range(position, len(file_lines)):
                n = 0
                while n < len(texts) and k + n < len(file_lines) and file_lines[k + n] == texts[n]:
                    n += 1
                if n > best:
                    best, best_at = n, k
            line_number, text = run[best]
            if best_at is None:
                report(doc, line_number, f"not a line of {source} (after line {position}): {text.strip()}")
            else:
                expected = file_lines[best_at + best] if best_at + best < len(file_lines) else "(end of file)"
                report(
                    doc, line_number,
                    f"differs from {source}:{best_at + best + 1}: the excerpt has `{text.strip()}`, "
                    f"the file `{expected.strip()}`",
                )
            break

if problems:
    print(
        f"{problems} excerpt(s) differ from their file. Copy the file's lines again (`// …` leaves lines out), "
        "or change the file and the excerpt together."
    )
    sys.exit(1)
print(f"{excerpts} excerpt(s) are their files' lines.")
EOF
}

if [ "${1:-}" = "--self-test" ]; then
  fixture=scripts/excerpts-fixture
  if output=$(check "$fixture"/Drifted.md); then
    printf '%s\n' "$output"
    echo "Self-test FAILED: the drifted excerpts passed the check." >&2
    exit 1
  fi
  printf '%s\n' "$output" | scripts/expect-lines.sh "$fixture"/expected.txt || exit 1
  if ! good=$(check "$fixture"/Good.md); then
    printf '%s\n' "$good" >&2
    echo "Self-test FAILED: the good excerpt failed." >&2
    exit 1
  fi
  echo "Self-test passed: each drifted excerpt is reported at its line, and the good one passes."
  exit 0
fi

if [ "$#" -eq 0 ]; then
  set -- README.md $(find Docs -name '*.md' | sort)
fi
check "$@"
