#!/usr/bin/env python3
"""Moves the specs from the tests' own `Recorder` to SignalsTesting's `TestRecorder` (issue 37: one recorder).

The library's specs used to record streams with a `Recorder` class of their own (Tests/SignalsTests/Support);
they now use the `TestRecorder` that SignalsTesting gives its users, so that the users' idiom is what the
library's own specs exercise. This script rewrites every Swift file under Tests/:

- the type name `Recorder` (as in `Recorder<Int, Never>()`, `Recorder(signal)`, `-> Recorder<V, F>`,
  `Recorder<Int, Never>.Event`) becomes `TestRecorder`; names that merely contain it (`TestRecorder`,
  `RecorderTests`, `makeRecorder`) are left alone;
- `(failsWhenEnteredAfterTerminal: true)` becomes `()`: a TestRecorder always notes an event after a terminal
  one (`violatedGrammar`), as that initialiser's default did;
- a file that now names `TestRecorder` and does not import SignalsTesting gets `import SignalsTesting`, in
  order among its plain imports.
Then it formats the files it changed with `swift format format -i` (the longer name can push a line past the
line length), so that `swift format lint --strict` passes.

It is idempotent: a second run changes nothing. It cannot rewrite what TestRecorder spells differently, and
lists those lines for a hand fix:
- `recorder.disposable = …` (TestRecorder's `disposable` is read-only: keep the disposable in a `Box`);
- `failsWhenEnteredAfterTerminal: false` (TestRecorder has no such switch).
A file that still declares `class Recorder` is skipped and named.

Usage: scripts/migrate-recorder.py [--check]    (--check: change nothing; exit 1 if a file would change or
                                                 a line above needs a hand fix)

Delete this script once no branch uses the tests' `Recorder`.
"""

import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
TESTS = ROOT / "Tests"

# `Recorder` as a whole identifier: not part of a longer name, not a member (`.Recorder`).
TYPE_NAME = re.compile(r"(?<![\w.])Recorder(?!\w)")
ALWAYS_CHECKED = re.compile(r"\(\s*failsWhenEnteredAfterTerminal:\s*true\s*\)")
PLAIN_IMPORT = re.compile(r"^import (\w+)\s*$")


def add_import(text: str) -> str:
  """Adds `import SignalsTesting` to the first run of plain imports, keeping the run sorted."""
  lines = text.split("\n")
  start = next((i for i, line in enumerate(lines) if PLAIN_IMPORT.match(line)), None)
  if start is None:
    # Only `@testable` imports, or none: put a plain one at the top, with a blank line after it.
    first = next((i for i, line in enumerate(lines) if line.startswith("@testable import")), 0)
    lines[first:first] = ["import SignalsTesting", ""]
    return "\n".join(lines)
  end = start
  while end < len(lines) and PLAIN_IMPORT.match(lines[end]):
    end += 1
  block = lines[start:end] + ["import SignalsTesting"]
  block.sort(key=lambda line: PLAIN_IMPORT.match(line).group(1))
  lines[start:end] = block
  return "\n".join(lines)


def migrate(text: str) -> str:
  if not TYPE_NAME.search(text):
    return text
  text = TYPE_NAME.sub("TestRecorder", text)
  text = ALWAYS_CHECKED.sub("()", text)
  imports_testing = any(
    re.match(r"^(@testable\s+)?import\s+SignalsTesting\s*$", line) for line in text.split("\n")
  )
  if not imports_testing:
    text = add_import(text)
  return text


def hand_fixes(text: str):
  """The lines of `text` the rewrite cannot fix: (line number, line, why)."""
  recorders = set(re.findall(r"\b(?:let|var)\s+(\w+)\s*(?::\s*TestRecorder\b|=\s*TestRecorder\b)", text))
  for number, line in enumerate(text.split("\n"), 1):
    assigned = re.search(r"\b(\w+)\.disposable\s*=(?!=)", line)
    if assigned and assigned.group(1) in recorders:
      yield number, line, "TestRecorder.disposable is read-only: keep the disposable in a Box"
    if "failsWhenEnteredAfterTerminal" in line:
      yield number, line, "TestRecorder has no failsWhenEnteredAfterTerminal: it always notes an event after the end"


def main() -> int:
  check = "--check" in sys.argv[1:]
  changed, skipped, hand = [], [], []
  for path in sorted(TESTS.rglob("*.swift")):
    text = path.read_text()
    relative = path.relative_to(ROOT)
    if re.search(r"\bclass\s+Recorder\b", text):
      skipped.append(relative)
      continue
    new = migrate(text)
    if new != text:
      changed.append(relative)
      if not check:
        path.write_text(new)
    if "TestRecorder" in new:
      hand += [f"{relative}:{number}: {why}: {line.strip()}" for number, line, why in hand_fixes(new)]
  if changed and not check:
    subprocess.run(["swift", "format", "format", "-i", *map(str, changed)], cwd=ROOT, check=True)
  verb = "would change" if check else "changed"
  print(f"{verb} {len(changed)} file(s)")
  for path in changed:
    print(f"  {path}")
  for path in skipped:
    print(f"skipped {path}: it still declares class Recorder (delete it; TestError, Weak, Canary live beside it)")
  for line in hand:
    print(f"hand fix? {line}")
  return 1 if check and (changed or skipped or hand) else 0


if __name__ == "__main__":
  sys.exit(main())
