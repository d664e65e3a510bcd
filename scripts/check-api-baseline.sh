#!/usr/bin/env bash
# Checks that the public API of the libraries is the committed baseline, api/<Module>.txt (issue 37), so that a
# change to the public API shows in review, and that such a change comes with a line in CHANGELOG.md.
#
# For each library product (Signals, SignalsTesting, SignalsMVVM): `swift build --target <Module>` (the default
# scratch path and flags, as scripts/build-docs.sh does, so nothing is rebuilt after `swift test`), then
# `swift-symbolgraph-extract` at minimum access level public, then scripts/api_baseline.py, which reduces the
# symbol graphs to one sorted line per public declaration and conformance, with no source location:
#     method Signal.scan(_:fileID:line:_:) | func scan<U>(_ initial: U, …) -> Signal<U, Failure> | where Failure: Error
# A difference fails, printing the lines removed (-) and added (+).
#
# The CHANGELOG rule: when a base commit is known — the merge base of HEAD with $API_BASE_REF (default `main`,
# else `origin/main`) — and api/ differs from it (committed or not), the Unreleased section of CHANGELOG.md must
# differ from the base's too. On main itself the merge base is HEAD, so there it checks uncommitted changes only;
# a clone without that ref skips the rule and says so.
#
# The lines are as the CI toolchain prints declarations; another compiler version may spell a few differently
# (attributes, implied conformances): regenerate the baseline with the toolchain CI uses.
#
# Usage: scripts/check-api-baseline.sh              compare the build with api/*.txt, and check the CHANGELOG rule
#        scripts/check-api-baseline.sh --update     write api/*.txt from the build (then add a CHANGELOG line)
#        scripts/check-api-baseline.sh --self-test  check that planted API changes, and a baseline changed without
#                                                   a CHANGELOG line, are reported, and that moved code is not
set -euo pipefail
cd "$(dirname "$0")/.."

modules=(Signals SignalsTesting SignalsMVVM)
toolchain_bin=$(dirname "$(readlink -f "$(command -v swift)")")
symbolgraph_extract=$toolchain_bin/swift-symbolgraph-extract
work=.build-api

# extract MODULE MODULES_DIR OUT_FILE: the reduced public API of MODULE, built into MODULES_DIR.
extract() {
  local graphs="$work/symbol-graphs/$1"
  rm -rf "$graphs"
  mkdir -p "$graphs"
  "$symbolgraph_extract" -module-name "$1" -I "$2" -module-cache-path "$work/module-cache" \
    -minimum-access-level public -skip-synthesized-members -output-dir "$graphs"
  python3 scripts/api_baseline.py "$graphs" "$1" >"$3"
}

# compare BASELINE_DIR CURRENT_DIR MODULE…: prints the differences, fails if there are any.
compare() {
  local baseline=$1 current=$2 status=0 module
  shift 2
  for module in "$@"; do
    local file="$baseline/$module.txt"
    if [ ! -f "$file" ]; then
      echo "api/$module.txt: missing"
      status=1
      continue
    fi
    local lines
    if ! lines=$(diff -U0 "$file" "$current/$module.txt"); then
      echo "api/$module.txt:"
      grep -E '^[-+]' <<<"$lines" | grep -vE '^(\+\+\+|---) ' | sed 's/^/  /'
      status=1
    fi
  done
  if [ "$status" -ne 0 ]; then
    cat <<'EOF'
The public API differs from the baseline (above: - removed, + added). If the change is meant, run
  scripts/check-api-baseline.sh --update
and commit api/ with a line in the Unreleased section of CHANGELOG.md that says what changed (a removal, a
rename or a changed contract is a breaking change: see Docs/Contributing.md, "Versions and the public API").
EOF
  fi
  return "$status"
}

# unreleased FILE: the Unreleased section of a CHANGELOG, without HTML comments and blank lines.
unreleased() {
  awk '/^## /{inside = ($0 ~ /^## Unreleased/); next} inside' "$1" |
    python3 -c 'import re,sys; print(re.sub(r"<!--.*?-->", "", sys.stdin.read(), flags=re.S))' | grep -v '^\s*$' || true
}

# changelog_rule BASE: fails if api/ differs from BASE while CHANGELOG.md's Unreleased section does not.
changelog_rule() {
  local base=$1
  if ! git cat-file -e "$base:api" 2>/dev/null; then
    echo "CHANGELOG rule: the base $(git rev-parse --short "$base") has no api/ baseline yet; nothing to compare."
    return 0
  fi
  if git diff --quiet "$base" -- api; then
    echo "CHANGELOG rule: api/ is as at the base $(git rev-parse --short "$base")."
    return 0
  fi
  local before now
  before=$(git show "$base:CHANGELOG.md" 2>/dev/null >"$work/CHANGELOG.base.md" && unreleased "$work/CHANGELOG.base.md")
  now=$(unreleased CHANGELOG.md)
  if [ "$before" = "$now" ]; then
    echo "api/ changed since $(git rev-parse --short "$base"), but the Unreleased section of CHANGELOG.md did not." >&2
    echo "Add a line there saying what changed in the public API (Docs/Contributing.md, \"Versions and the public API\")." >&2
    return 1
  fi
  echo "CHANGELOG rule: api/ changed since $(git rev-parse --short "$base"), and so did CHANGELOG.md's Unreleased section."
}

if [ "${1:-}" = "--self-test" ]; then
  fixture=scripts/api-baseline-fixture
  tmp="$work/self-test"
  rm -rf "$tmp"
  for version in Before Moved After; do
    mkdir -p "$tmp/$version/module" "$tmp/$version/api"
    swiftc -emit-module -parse-as-library -module-name Fixture -swift-version 6 "$fixture/$version.swift" \
      -emit-module-path "$tmp/$version/module/Fixture.swiftmodule"
    extract Fixture "$tmp/$version/module" "$tmp/$version/api/Fixture.txt"
  done
  if grep -qE 'internalHelper|\.swift|file://' "$tmp/Before/api/Fixture.txt"; then
    cat "$tmp/Before/api/Fixture.txt" >&2
    echo "Self-test FAILED: the lines name an internal symbol or a source location." >&2
    exit 1
  fi
  if ! output=$(compare "$tmp/Before/api" "$tmp/Moved/api" Fixture); then
    printf '%s\n' "$output" >&2
    echo "Self-test FAILED: code that moved, with the same public API, was reported." >&2
    exit 1
  fi
  if output=$(compare "$tmp/Before/api" "$tmp/After/api" Fixture); then
    printf '%s\n' "$output" >&2
    echo "Self-test FAILED: the planted API changes passed the check." >&2
    exit 1
  fi
  printf '%s\n' "$output" | scripts/expect-lines.sh "$fixture/expected.txt" || exit 1

  # The CHANGELOG rule, in a repository of its own: a base, then a branch that changes api/.
  repo="$tmp/repo"
  mkdir -p "$repo/api" "$repo/$work"
  cp "$tmp/Before/api/Fixture.txt" "$repo/api/"
  printf '# Changelog\n\n## Unreleased\n\n<!-- lines here -->\n\n## 0.1.0\n\n- First.\n' >"$repo/CHANGELOG.md"
  (
    cd "$repo"
    git init -q -b main . && git add -A && git -c user.name=t -c user.email=t@t commit -qm base
    git checkout -q -b change
    cp "../After/api/Fixture.txt" api/
    base=$(git merge-base main HEAD)
    changelog_rule "$base" >/dev/null 2>&1 && { echo "Self-test FAILED: api/ changed with no CHANGELOG line, and passed." >&2; exit 1; }
    sed -i 's/^- First\./- First, said again./' CHANGELOG.md
    changelog_rule "$base" >/dev/null 2>&1 && { echo "Self-test FAILED: a line outside Unreleased satisfied the rule." >&2; exit 1; }
    sed -i 's/^<!-- lines here -->$/- **Breaking** `take(first:)` is `take(count:)`./' CHANGELOG.md
    changelog_rule "$base" >/dev/null 2>&1 || { echo "Self-test FAILED: api/ changed with a CHANGELOG line, and failed." >&2; exit 1; }
  ) || exit 1
  echo "Self-test passed: every planted API change is reported, moved code is not, and the CHANGELOG rule holds."
  exit 0
fi

mkdir -p "$work/current"
bin_modules=$(swift build --show-bin-path)/Modules
for module in "${modules[@]}"; do
  swift build --quiet --target "$module"
  extract "$module" "$bin_modules" "$work/current/$module.txt"
done

if [ "${1:-}" = "--update" ]; then
  mkdir -p api
  for module in "${modules[@]}"; do cp "$work/current/$module.txt" "api/$module.txt"; done
  echo "Wrote api/$(printf '%s.txt ' "${modules[@]}")— commit them with a line in CHANGELOG.md's Unreleased section."
  git --no-pager diff --stat -- api 2>/dev/null || true
  exit 0
fi

compare api "$work/current" "${modules[@]}"
echo "The public API is the baseline: $(cat api/*.txt | wc -l | tr -d ' ') lines in api/."

base_ref=${API_BASE_REF:-}
if [ -z "$base_ref" ]; then
  for ref in main origin/main; do
    if git rev-parse --verify -q "$ref^{commit}" >/dev/null; then base_ref=$ref && break; fi
  done
fi
if [ -z "$base_ref" ]; then
  echo "CHANGELOG rule: no main or origin/main in this clone; skipped (set API_BASE_REF to check it)."
  exit 0
fi
changelog_rule "$(git merge-base "$base_ref" HEAD)"
