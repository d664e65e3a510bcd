#!/usr/bin/env bash
# Runs the benchmark of this checkout and of another commit alternately, round after round, on this machine,
# and prints both runs and a summary: Signals' median per workload in each build, and their ratio. For the
# effect of a change on a workload, where README's rule allows only figures from the same session.
#
#   scripts/bench-against.sh COMMIT [ROUNDS] [signals-bench flags…]
#   scripts/bench-against.sh f880a8d 3 --only W5,W12,W13
#
# Both builds run the workloads of this checkout's Benchmarks/ (copied over the baseline's). A baseline without
# `withTransaction` gets a stand-in that runs its body, so that W13 there measures the ten separate sets that
# version makes; one without a property's `observeValues` gets a stand-in that starts its producer. The
# baseline is extracted with `git archive` into .build-baseline/<commit>/ and built in
# release there; flags default to `--library Signals`.
set -euo pipefail
cd "$(dirname "$0")/.."

commit=${1:?usage: scripts/bench-against.sh COMMIT [ROUNDS] [signals-bench flags…]}
rounds=${2:-3}
shift
[ $# -gt 0 ] && shift
flags=("$@")
[ ${#flags[@]} -gt 0 ] || flags=(--library Signals)

tree=.build-baseline/$(git rev-parse --short "$commit")
if [ ! -d "$tree" ]; then
  mkdir -p "$tree"
  git archive "$commit" | tar -x -C "$tree"
fi
rm -rf "$tree/Benchmarks/Sources"
cp -R Benchmarks/Sources "$tree/Benchmarks/Sources"
cp Benchmarks/Package.swift "$tree/Benchmarks/Package.swift"
if ! grep -rq 'public func withTransaction' "$tree/Sources/Signals"; then
  cat >"$tree/Benchmarks/Sources/signals-bench/BaselineShims.swift" <<'SWIFT'
/// The baseline has no transactions: the sets run one by one.
func withTransaction<Result>(_ body: () -> Result) -> Result { body() }
SWIFT
fi
if ! grep -rq 'public func observeValues' "$tree/Sources/Signals/Property"; then
  cat >"$tree/Benchmarks/Sources/signals-bench/BaselineObserveShims.swift" <<'SWIFT'
import Signals

/// The baseline has no `observeValues` on a property: its producer's start replays the value and follows it, as
/// `observeValues` does.
extension PropertyProtocol {
  @discardableResult
  func observeValues(_ action: @escaping (Value) -> Void) -> (any Disposable)? {
    producer.startWithValues(action)
  }
}
SWIFT
fi

swift build -c release --package-path Benchmarks --product signals-bench
swift build -c release --package-path "$tree/Benchmarks" --product signals-bench
current=$(swift build -c release --package-path Benchmarks --show-bin-path)/signals-bench
baseline=$(swift build -c release --package-path "$tree/Benchmarks" --show-bin-path)/signals-bench

log=$(mktemp)
for round in $(seq 1 "$rounds"); do
  echo "=== round $round: baseline $commit" | tee -a "$log"
  "$baseline" "${flags[@]}" | tee -a "$log" || echo "(the baseline's run failed: see above)"
  echo "=== round $round: this checkout" | tee -a "$log"
  "$current" "${flags[@]}" | tee -a "$log" || echo "(this checkout's run failed: see above)"
done

python3 - "$log" "$commit" <<'PYTHON'
import re, statistics, sys
runs = {"baseline": {}, "current": {}}
side = None
for line in open(sys.argv[1]):
    if line.startswith("=== round"):
        side = "baseline" if "baseline" in line else "current"
        continue
    cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
    if not side or len(cells) < 4:
        continue
    # Only the timing tables: a time is printed as "median (min–max)". The allocation table's rows start with
    # the same workload names, and their bare counts must not be read as times.
    if re.fullmatch(r"W\d+b?", cells[0]):
        name, cell = cells[0], cells[3]
    elif cells[1] in ("1,000 iterations", "10 runs") or cells[1].startswith("run of"):
        name, cell = f"{cells[0]} (ms)", cells[2]
    else:
        continue
    match = re.match(r"([\d,.]+) \(", cell)
    if match:
        runs[side].setdefault(name, []).append(float(match.group(1).replace(",", "")))
print(f"\nSignals, median of the per-run medians (ns per operation; ms for a signals-world shape), baseline {sys.argv[2]} vs this checkout:")
print("| workload | baseline | this checkout | this ÷ baseline |")
print("|---|---:|---:|---:|")
def order(w):
    number = re.sub(r"\D", "", w.split(" ")[0])
    return (0, int(number), w) if w.startswith("W") and number else (1, 0, w)
for workload in sorted(runs["current"], key=order):
    if workload not in runs["baseline"]:
        continue
    before, after = statistics.median(runs["baseline"][workload]), statistics.median(runs["current"][workload])
    print(f"| {workload} | {before:,.1f} | {after:,.1f} | {after / before:.2f} |")
PYTHON
rm -f "$log"
