#!/usr/bin/env bash
# Type-checks every ```swift block of README.md and of every Markdown file under Docs/ (issue 8).
#
# How a block is checked is set by an HTML comment on the line right before its fence:
#   (no marker)                      statements: the body of `@MainActor func sample() async throws { … }`
#                                    in a file that imports Signals, SignalsTesting, SignalsMVVM, SignalsSamples
#                                    and Testing. Local lets, vars, types and functions, `try`, `await` work.
#   <!-- sample: file -->            at file scope: extensions, conformances, protocols, top-level types,
#                                    @Suite/@Test code.
#   <!-- sample: continues -->       appended to the document's previous checked block, in the same scope
#                                    (a walk-through split by prose).
#   <!-- sample: signatures -->      a listing of declarations without bodies: not compiled; every
#                                    `func name(labels:)`, `init(labels:)` and `var name` it declares must be
#                                    declared, with the same argument labels, somewhere in Sources/; a
#                                    property listed with its type (`var title: Property<String>`), with that type.
#   <!-- sample: package -->         a fragment of a Package.swift: the arguments after `Package(name: "MyApp", `
#                                    (or, if it starts with `.`, one element of `targets: [ ]`), or a complete
#                                    manifest (it declares `let package = Package(`), type-checked against
#                                    PackageDescription; every `.product(name: "X", package: "Signals")` must
#                                    be a library product of our Package.swift.
#   <!-- sample: skip: <reason> -->  not checked (another library's code, pseudo-code); printed with its reason.
# Non-Swift blocks use another info string (sh, text, or none): only blocks whose info string is exactly
# `swift` are samples.
#
# One Swift file per document goes to .build-samples/ (ignored by git); `#sourceLocation` maps every
# diagnostic to the document's own path and line (on a package block's first line the column is off).
# Documents with file-scope code get a swiftc run each (two guides may declare the same type); the rest
# share one run, and the package blocks another. A block's `import` lines move to the top of the file; `import MyApp` and
# `@testable import MyApp` (the reader's app in the guides) are dropped: the app's code is the document's
# file-scope blocks. File-scope code is shared by every block of a document; statements blocks are each in
# their own function.
#
# Usage: scripts/check-doc-samples.sh              check README.md and Docs/**/*.md
#        scripts/check-doc-samples.sh --self-test  check that a broken fixture fails, with the right lines
set -euo pipefail
cd "$(dirname "$0")/.."

# The samples are checked against the modules of the debug build (incremental: quick after `swift test`).
if ! build=$(swift build 2>&1); then
  printf '%s\n' "$build" >&2
  echo "swift build failed: the samples cannot be checked." >&2
  exit 1
fi
modules=$(swift build --show-bin-path)/Modules
manifest_api=$(dirname "$(readlink -f "$(command -v swiftc)")")/../lib/swift/pm/ManifestAPI

check() {
  python3 scripts/doc_samples.py --modules "$modules" --manifest-api "$manifest_api" --out .build-samples/"$1" --sources Sources "${@:2}"
}

if [ "${1:-}" = "--self-test" ]; then
  fixture=scripts/doc-samples-fixture
  if output=$(check self-test "$fixture"/Broken.md "$fixture"/BrokenStatements.md); then
    printf '%s\n' "$output"
    echo "Self-test FAILED: the broken fixture passed the check." >&2
    exit 1
  fi
  printf '%s\n' "$output" | scripts/expect-lines.sh "$fixture"/expected.txt || exit 1
  check self-test "$fixture"/Good.md >/dev/null || { echo "Self-test FAILED: the good fixture failed." >&2; exit 1; }
  echo "Self-test passed: the broken fixture fails with every expected diagnostic, the good one passes."
  exit 0
fi

mapfile -t docs < <(find Docs -name '*.md' | LC_ALL=C sort)
check docs README.md "${docs[@]}"
