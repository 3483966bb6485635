#!/usr/bin/env bash
# DeepCubeA's 5x5 boards counted optimally (issue 77): by default the twenty of its first 100
# whose optimal search took nearest its median time (2,486 s in all for DeepCubeA's own
# pattern-database search), or INDICES="0 1 2" (0-based lines of benches/deepcubea/puzzle24.txt),
# in one process, `eight steps --size 5x5 --jobs 2 --json --stats` (JOBS=N), with whatever the
# cache holds (EIGHT_CACHE_DIR; build `eight cache build 6-6-6-6x7z` and `detours` first, or the
# search starts weaker and builds as it goes). Each count is checked against DeepCubeA's length,
# which is the optimum on all but one of its 496 boards (a shorter count is reported, a longer
# one fails). Prints a Markdown table: per board its length, the nodes, the last iteration's and
# the one before's, its seconds (each board has every thread, one board at a time, so they add up);
# then the sums and the process's wall time, the figure to compare.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v python3 >/dev/null || { echo "bench-optimal-5x5.sh needs python3" >&2; exit 2; }
cargo build --release --quiet
python3 - "$PWD/target/release/eight" "${INDICES:-3 10 11 12 14 28 29 36 46 53 55 58 60 61 69 73 74 84 86 92}" \
  "${JOBS:-2}" <<'PY'
import json, subprocess, sys, time
eight, indices, jobs = sys.argv[1], [int(i) for i in sys.argv[2].split()], sys.argv[3]
boards = open("benches/deepcubea/puzzle24.txt").read().splitlines()
lengths = open("benches/deepcubea/puzzle24.lengths").read().split()
began = time.monotonic()
run = subprocess.run([eight, "steps", "--size", "5x5", "--jobs", jobs, "--json", "--stats"],
                     input="\n".join(boards[i] for i in indices) + "\n", capture_output=True,
                     text=True, check=True)
wall = time.monotonic() - began
print("| board | length | DeepCubeA's | nodes | last iteration | the one before | seconds |")
print("|---|---|---|---|---|---|---|")
sums, failed = [0, 0, 0], False
for index, line in zip(indices, run.stdout.splitlines()):
    record = json.loads(line)
    theirs, nodes = int(lengths[index]), record["stats"]["expanded"]
    bounds = [bound["nodes"] for bound in record["bounds"]]
    last, before = bounds[-1], (bounds[-2] if len(bounds) > 1 else 0)
    seconds = record["stats"]["time_us"] / 1e6
    mark = {True: "", False: " (shorter)"}[record["distance"] == theirs]
    failed |= record["distance"] > theirs
    print(f"| {index} | {record['distance']}{mark} | {theirs} | {nodes:,} | {last:,} | {before:,} | {seconds:.1f} |")
    for at, value in enumerate([nodes, last, before]):
        sums[at] += value
print(f"| **{len(indices)} boards** | | | **{sums[0]:,}** | {sums[1]:,} | {sums[2]:,} | |")
print(f"\nthe whole process: {wall:.1f} s")
sys.exit(1 if failed else 0)
PY
