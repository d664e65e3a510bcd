#!/usr/bin/env python3
"""The performance regression gate (README, Performance): instructions and heap allocations per operation.

Wall time on a shared 2-core machine is too noisy to gate on; callgrind's instruction counts and the benchmark's
malloc counter are steady. For each gated workload this measures, on the release benchmark binary:

- instructions per operation: callgrind's total for `--profile N` minus its total for `--profile 0` (the same
  process doing everything but the N iterations), divided by N;
- allocations per operation and per subscription: the benchmark's own counts (`--quick`).

and compares them with the committed baseline (Benchmarks/perf-baseline.json): more than 10% more instructions,
or any allocation more, fails. Fewer is reported, and passes. A workload in the baseline that was not measured
fails; a workload measured but not yet in the baseline (one just added to WORKLOADS) is reported as new, not
judged, and passes, until `--update` writes it into the baseline.

A self-timed workload (cellx) builds a fresh graph in each iteration: its instructions per operation are those
of one whole run, the graph's building included; the bench does not count its allocations.

  scripts/perf_gate.py measure BINARY > measured.json
  scripts/perf_gate.py compare Benchmarks/perf-baseline.json measured.json
  scripts/perf_gate.py self-test          # proves the comparison fails on a deliberate regression

Updating the baseline is a deliberate change: `scripts/perf-gate.sh --update`, committed with the reason in the
commit message.
"""
import json
import os
import re
import subprocess
import sys
import tempfile

# The gated workloads: the hot paths users meet, and how many iterations callgrind runs for each.
WORKLOADS = {
    "W1": 20000,         # send -> map -> filter -> observer
    "W3": 5000,          # subscribe + dispose
    "W5": 20000,         # MutableProperty set
    "W7b": 5000,         # flatMap(.latest), hot inners
    "W9": 5000,          # Command execute, synchronous work, its value observed
    "W10": 5000,         # Channel round trip: a value sent into one terminal comes back from the other side
    "W12": 2000,         # property diamond
    "W13": 2000,         # transaction of ten sets under one derived property
    "W15": 5000,         # cold start of a producer from a start closure
    "kairo-deep": 50,    # one iter(): 51 sets of a chain of 50 (issue 21)
    "cellx-1000": 3,     # one self-timed run: a fresh 1,000-layer graph built, read, set in a batch, read
}
# Operations per iteration of a workload's loop, where not one (W7b: ten inner values per iteration).
OPERATIONS_PER_ITERATION = {"W7b": 10}
TOLERANCE = 0.10


def callgrind_total(binary, workload, iterations):
    with tempfile.TemporaryDirectory() as directory:
        out = os.path.join(directory, "callgrind.out")
        env = dict(os.environ, SWIFT_DETERMINISTIC_HASHING="1")
        subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", binary,
             "--profile", str(iterations), "--only", workload, "--library", "Signals"],
            check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        with open(out) as file:
            for line in file:
                if line.startswith("totals:") or line.startswith("summary:"):
                    return int(line.split()[1])
    raise RuntimeError(f"no total in callgrind's output for {workload}")


def allocations(binary):
    """Allocations per operation and per subscription (attach + detach), from one --quick run."""
    output = subprocess.run(
        [binary, "--quick", "--library", "Signals", "--only", ",".join(WORKLOADS)],
        check=True, capture_output=True, text=True).stdout
    result = {}
    table = output[output.index("| | allocs/op"):].splitlines()
    header = [cell.strip() for cell in table[0].strip().strip("|").split("|")]
    per_op_column, per_sub_column = header.index("allocs/op Signals"), header.index("allocs/sub Signals")
    for line in table[2:]:
        if not line.startswith("|"):
            break
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) < len(header) or cells[0] not in WORKLOADS:
            continue
        per_op = float(cells[per_op_column].replace(",", "")) if cells[per_op_column] != "—" else None
        match = re.fullmatch(r"([\d.,]+) \+ ([\d.,]+)", cells[per_sub_column])
        per_sub = float(match.group(1).replace(",", "")) + float(match.group(2).replace(",", "")) if match else None
        result[cells[0]] = {"allocationsPerOperation": per_op, "allocationsPerSubscription": per_sub}
    return result


def measure(binary):
    measured = allocations(binary)
    for workload, iterations in WORKLOADS.items():
        total = callgrind_total(binary, workload, iterations)
        base = callgrind_total(binary, workload, 0)
        operations = iterations * OPERATIONS_PER_ITERATION.get(workload, 1)
        measured.setdefault(workload, {})["instructionsPerOperation"] = round((total - base) / operations, 1)
    return measured


def order(workload):
    """W1, W3, … W15 by number, then the named workloads (cellx-1000, kairo-deep) by name."""
    match = re.fullmatch(r"W(\d+)(\w*)", workload)
    return (0, int(match.group(1)), match.group(2)) if match else (1, 0, workload)


def compare(baseline, measured):
    """Returns (lines, failed). A workload of the baseline not measured fails; a workload measured but not in
    the baseline is new: reported, not judged."""
    lines = ["| workload | metric | baseline | measured | verdict |", "|---|---|---:|---:|---|"]
    failed = False
    for workload in sorted(set(measured) - set(baseline), key=order):
        for metric, after in sorted(measured[workload].items()):
            if after is not None:
                lines.append(f"| {workload} | {metric} | — | {after:g} | new, not judged (not in the baseline) |")
    for workload in sorted(baseline, key=order):
        for metric, limit in (("instructionsPerOperation", "ratio"), ("allocationsPerOperation", "count"),
                              ("allocationsPerSubscription", "count")):
            before = baseline[workload].get(metric)
            after = measured.get(workload, {}).get(metric)
            if before is None:
                continue
            if after is None:
                lines.append(f"| {workload} | {metric} | {before} | missing | FAIL: not measured |")
                failed = True
                continue
            if limit == "ratio":
                worse = after > before * (1 + TOLERANCE)
                verdict = f"FAIL: {after / before - 1:+.1%}, more than {TOLERANCE:.0%}" if worse else f"ok ({after / before - 1:+.1%})"
            else:
                worse = after > before + 1e-9
                verdict = f"FAIL: {after - before:+g} allocations" if worse else "ok"
            failed = failed or worse
            lines.append(f"| {workload} | {metric} | {before:g} | {after:g} | {verdict} |")
    return lines, failed


def self_test():
    baseline = {"W1": {"instructionsPerOperation": 500, "allocationsPerOperation": 0, "allocationsPerSubscription": 4}}
    cases = [
        ("equal", {"W1": {"instructionsPerOperation": 500, "allocationsPerOperation": 0, "allocationsPerSubscription": 4}}, False),
        ("9% more instructions", {"W1": {"instructionsPerOperation": 545, "allocationsPerOperation": 0, "allocationsPerSubscription": 4}}, False),
        ("fewer of everything", {"W1": {"instructionsPerOperation": 300, "allocationsPerOperation": 0, "allocationsPerSubscription": 3}}, False),
        ("11% more instructions", {"W1": {"instructionsPerOperation": 555, "allocationsPerOperation": 0, "allocationsPerSubscription": 4}}, True),
        ("one more allocation per operation", {"W1": {"instructionsPerOperation": 500, "allocationsPerOperation": 1, "allocationsPerSubscription": 4}}, True),
        ("one more allocation per subscription", {"W1": {"instructionsPerOperation": 500, "allocationsPerOperation": 0, "allocationsPerSubscription": 5}}, True),
        ("a workload not measured", {}, True),
        ("a new workload, not in the baseline", {
            "W1": {"instructionsPerOperation": 500, "allocationsPerOperation": 0, "allocationsPerSubscription": 4},
            "kairo-deep": {"instructionsPerOperation": 90000, "allocationsPerOperation": 0,
                           "allocationsPerSubscription": None}}, False),
    ]
    for name, measured, should_fail in cases:
        _, failed = compare(baseline, measured)
        if failed != should_fail:
            print(f"perf gate self-test FAILED: '{name}' {'passed' if not failed else 'failed'}")
            return 1
    lines, _ = compare(baseline, cases[-1][1])
    if not any("kairo-deep" in line and "new, not judged" in line for line in lines):
        print("perf gate self-test FAILED: a new workload is not reported as new")
        return 1
    print(f"Perf gate self-test passed: {len(cases)} cases, the regressions fail and the rest pass.")
    return 0


def main(arguments):
    if arguments[:1] == ["self-test"]:
        return self_test()
    if arguments[:1] == ["measure"] and len(arguments) == 2:
        json.dump(measure(arguments[1]), sys.stdout, indent=2, sort_keys=True)
        print()
        return 0
    if arguments[:1] == ["compare"] and len(arguments) == 3:
        with open(arguments[1]) as file:
            baseline = json.load(file)
        with open(arguments[2]) as file:
            measured = json.load(file)
        lines, failed = compare(baseline, measured)
        print("\n".join(lines))
        print("Perf gate: " + ("FAILED (see above; a deliberate change updates the baseline)" if failed else "passed."))
        return 1 if failed else 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
