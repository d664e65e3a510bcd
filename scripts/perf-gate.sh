#!/usr/bin/env bash
# The performance regression gate: instructions (callgrind) and allocations per operation of the hot paths,
# against Benchmarks/perf-baseline.json. See scripts/perf_gate.py for what is measured and the thresholds.
#
#   scripts/perf-gate.sh            measure and compare (what .ci/run does); fails on a regression
#   scripts/perf-gate.sh --update   measure and write the baseline (commit it, with the reason, in the change
#                                   that earns it)
set -euo pipefail
cd "$(dirname "$0")/.."

python3 scripts/perf_gate.py self-test

swift build -c release --package-path Benchmarks --product signals-bench
binary=$(swift build -c release --package-path Benchmarks --show-bin-path)/signals-bench
# valgrind 3.19 cannot read the DWARF 5 that Swift 6.3 emits; a copy without debug information is enough to
# count instructions.
stripped=$(mktemp)
trap 'rm -f "$stripped" "$measured"' EXIT
objcopy --strip-debug "$binary" "$stripped"
chmod +x "$stripped"
measured=$(mktemp)
python3 scripts/perf_gate.py measure "$stripped" >"$measured"

if [ "${1:-}" = "--update" ]; then
  cp "$measured" Benchmarks/perf-baseline.json
  echo "Baseline written to Benchmarks/perf-baseline.json:"
  cat Benchmarks/perf-baseline.json
  exit 0
fi
python3 scripts/perf_gate.py compare Benchmarks/perf-baseline.json "$measured"
