#!/usr/bin/env python3
"""Checks that the code builds for the Apple platforms Package.swift declares (issue 25).

Nothing here can compile for an Apple platform, so the check reads the source instead: a table of the
toolchain modules the code may import and of the symbols whose availability is above their module's (or that
need a newer Swift runtime), each with its first version on every Apple platform. It fails when

- a Swift file under the sources imports a module that the table does not list (add its floor first);
- the code uses a module or a symbol whose floor is above the version Package.swift declares;
- README.md does not list the platforms exactly as Package.swift declares them.

A use can be allowed where it is guarded by `if #available` or `@available`, with a comment on its line:
`// platform-floor: guarded`.

Usage: check_platform_floors.py [--package Package.swift] [--sources Sources] [--readme README.md]
"""

import argparse
import os
import re
import sys

PLATFORMS = ["macOS", "iOS", "tvOS", "watchOS", "visionOS"]
ALWAYS = ((0,),) * 5  # older than any version SwiftPM can declare with swift-tools-version 6.0

# Modules: the first version of each platform that ships it. Platform C modules and Dispatch are always there.
MODULES = {
  "Darwin": ALWAYS,
  "Glibc": ALWAYS,
  "Musl": ALWAYS,
  "Dispatch": ALWAYS,
  "XCTest": ALWAYS,
  # SignalsTesting's calendar dates (TestScheduler+Dates.swift): Foundation on Apple platforms, where every
  # version has it; FoundationEssentials where the toolchain ships it (Linux), imported only behind canImport.
  "Foundation": ALWAYS,
  "FoundationEssentials": ALWAYS,
  "Testing": ((10, 15), (13,), (13,), (6,), (1,)),
  "Observation": ((14,), (17,), (17,), (10,), (1,)),
  "Synchronization": ((15,), (18,), (18,), (11,), (2,)),
}

# Symbols, as regular expressions over the code (comments stripped), with their floors and what they are.
SWIFT_5_9_RUNTIME = ((14,), (17,), (17,), (10,), (1,))
SWIFT_6_0_RUNTIME = ((15,), (18,), (18,), (11,), (2,))
SWIFT_6_2_RUNTIME = ((26,), (26,), (26,), (26,), (26,))
CLOCKS = ((13,), (16,), (16,), (9,), (1,))
SYMBOLS = [
  (r"\b(Mutex|Atomic|AtomicLazyReference|WordPair)\b", SWIFT_6_0_RUNTIME, "Synchronization's Mutex and atomics"),
  (r"\b(Observable|ObservationRegistrar|withObservationTracking|ObservationIgnored|ObservationTracked)\b",
   SWIFT_5_9_RUNTIME, "Observation"),
  (r"\bObservations\b", SWIFT_6_2_RUNTIME, "Observation's Observations sequence (Swift 6.2)"),
  (r"\brepeat\s+each\b|<[^<>]*\beach\s+[A-Z]", SWIFT_5_9_RUNTIME, "parameter packs in generic types"),
  (r"\b(Duration|ContinuousClock|SuspendingClock|InstantProtocol|DurationProtocol)\b|\bClock\b\s*[<{]",
   CLOCKS, "Duration and clocks"),
  (r"#/|\bRegex\b|\b(wholeMatch|firstMatch|prefixMatch)\(of:", CLOCKS, "Regex and regex literals"),
  (r"\b(TaskExecutor|withTaskExecutorPreference|globalConcurrentExecutor)\b", SWIFT_6_0_RUNTIME,
   "task executors (Swift 6.0)"),
  (r"\b(InlineArray|Span|RawSpan|MutableSpan|MutableRawSpan|OutputSpan|UTF8Span)\b", SWIFT_6_2_RUNTIME,
   "InlineArray and spans (Swift 6.2)"),
  (r"\bTask\.immediate\b|\bTask\s*\(\s*name:|\bisolated\s+deinit\b", SWIFT_6_2_RUNTIME,
   "immediate tasks, task names, isolated deinit (Swift 6.2)"),
]

IMPORT = re.compile(r"^\s*(?:@[A-Za-z_]+(?:\([^)]*\))?\s+)*import\s+(?:(?:struct|class|enum|protocol|func|var|let)\s+)?(\w+)",
                    re.M)
ALLOWED = "platform-floor: guarded"


def version(text):
  return tuple(int(part) for part in text.split("_"))


def show(floor):
  return ".".join(str(part) for part in floor) if floor else "any"


def declared_platforms(package):
  """The `platforms:` of Package.swift as {platform: version tuple}."""
  with open(package, encoding="utf-8") as f:
    text = f.read()
  block = re.search(r"platforms:\s*\[(.*?)\]", text, re.S)
  if not block:
    return {}
  return {name: version(number) for name, number in re.findall(r"\.(\w+)\(\s*\.v(\d+(?:_\d+)*)\s*\)", block.group(1))}


def strip_comments(text):
  """The code without comments and string literals' contents, line numbers kept."""
  text = re.sub(r"/\*.*?\*/", lambda m: re.sub(r"[^\n]", " ", m.group(0)), text, flags=re.S)
  lines = []
  for line in text.split("\n"):
    if ALLOWED in line:
      lines.append("")
      continue
    line = re.sub(r'"(?:[^"\\]|\\.)*"', '""', line)
    lines.append(line.split("//", 1)[0])
  return "\n".join(lines)


def check(package, sources, readme):
  problems = []
  declared = declared_platforms(package)
  missing = [name for name in PLATFORMS if name not in declared]
  if missing:
    problems.append(f"{package}: `platforms:` does not declare {', '.join(missing)}")
  for root, _, files in os.walk(sources):
    for name in sorted(files):
      if not name.endswith(".swift"):
        continue
      path = os.path.join(root, name)
      with open(path, encoding="utf-8") as f:
        code = strip_comments(f.read())
      for m in IMPORT.finditer(code):
        module = m.group(1)
        if module.startswith("Signals") or module == "hotel_demo":
          continue
        line = code.count("\n", 0, m.start()) + 1
        if module not in MODULES:
          problems.append(f"{path}:{line}: imports {module}, which the floor table does not list: add its floors "
                          f"to scripts/check_platform_floors.py")
          continue
        problems += above(path, line, f"module {module}", MODULES[module], declared)
      for pattern, floor, what in SYMBOLS:
        for m in re.finditer(pattern, code):
          line = code.count("\n", 0, m.start()) + 1
          problems += above(path, line, f"{what} (`{m.group(0).strip()}`)", floor, declared)
  if readme:
    listed = ", ".join(f"{name} {show(declared[name])}" for name in PLATFORMS if name in declared)
    with open(readme, encoding="utf-8") as f:
      if listed not in f.read():
        problems.append(f"{readme}: does not list the platforms as Package.swift declares them: \"{listed}\"")
  return problems


def above(path, line, what, floor, declared):
  found = []
  for index, name in enumerate(PLATFORMS):
    if name in declared and floor[index] > declared[name]:
      found.append(f"{name} {show(floor[index])}")
  if found:
    return [f"{path}:{line}: {what} needs {', '.join(found)}, above the platforms Package.swift declares"]
  return []


def main():
  parser = argparse.ArgumentParser()
  parser.add_argument("--package", default="Package.swift")
  parser.add_argument("--sources", default="Sources")
  parser.add_argument("--readme", default="README.md")
  args = parser.parse_args()
  problems = check(args.package, args.sources, args.readme)
  # Each location once: a line that uses a symbol twice is one problem.
  problems = list(dict.fromkeys(problems))
  for problem in problems:
    print(problem)
  declared = declared_platforms(args.package)
  summary = ", ".join(f"{name} {show(declared[name])}" for name in PLATFORMS if name in declared)
  if problems:
    print(f"FAILED: {len(problems)} use(s) above the declared platforms ({summary}), or an unlisted module")
    return 1
  print(f"Platform floors: every module and listed symbol under {args.sources} is available on {summary}.")
  return 0


if __name__ == "__main__":
  sys.exit(main())
