#!/usr/bin/env bash
# Whole-command figures of the family beyond 3x3 (issue 13's targets): LightOJ 1121 cases of at
# most 35 moves, 4x4 boards by their optimal length, and algs4 boards of every side from 2 to
# 10 of at most 45 moves. Inputs come from `eight gen` with fixed seeds; per-case times from
# `--stats`. The machine is shared: compare within one run.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v python3 >/dev/null || { echo "bench-sizes.sh needs python3" >&2; exit 2; }
cargo build --release --quiet
eight=$PWD/target/release/eight
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# per-case milliseconds and answers of a run with --stats, summed up by python below
"$eight" gen lightoj1121 -n "${LIGHTOJ:-200}" --walk 34 --seed 1 > "$work/lightoj.in"
start=$(date +%s.%N)
"$eight" lightoj1121 --stats < "$work/lightoj.in" > "$work/lightoj.out" 2> "$work/lightoj.err"
lightoj_wall=$(python3 -c "import time; print(time.time() - $start)")

"$eight" gen uva10181 -n "${BOARDS:-60}" --walk 120 --seed 45 | tail -n +2 | paste -d' ' - - - - > "$work/4x4.txt"
"$eight" steps --size 4x4 --stats --max-nodes 200000000 < "$work/4x4.txt" > "$work/4x4.out" 2> "$work/4x4.err" || true

for side in 2 3 4 5 6 7 8 9 10; do
    "$eight" gen algs4 --size "${side}x${side}" -n 5 --walk 45 --seed "$side"
done > "$work/algs4.in"
start=$(date +%s.%N)
"$eight" algs4 --stats < "$work/algs4.in" > "$work/algs4.out" 2> "$work/algs4.err"
algs4_wall=$(python3 -c "import time; print(time.time() - $start)")

python3 - "$work" "$lightoj_wall" "$algs4_wall" <<'PY'
import re, statistics, sys
work, lightoj_wall, algs4_wall = sys.argv[1], float(sys.argv[2]), float(sys.argv[3])
def times(name):
    return [float(m.group(1)) for m in re.finditer(r"^eight: case .* ([0-9.]+) ms$", open(f"{work}/{name}.err").read(), re.M)]
light = times("lightoj")
print("| workload | cases | median | slowest | whole run |")
print("|---|---|---|---|---|")
print(f"| LightOJ 1121, walks of 34 moves (`eight lightoj1121`) | {len(light)} | {statistics.median(light):.2f} ms | {max(light):.2f} ms | {lightoj_wall:.2f} s |")
lengths = [int(line) for line in open(f"{work}/4x4.out")]
square = times("4x4")
given_up = open(f"{work}/4x4.err").read().count("did not solve")
for low, high in [(0, 40), (41, 45), (46, 50), (51, 80)]:
    picked = [t for n, t in zip(lengths, square) if low <= n <= high]
    if picked:
        print(f"| 4x4 boards of {low} to {high} moves (`eight steps --size 4x4`) | {len(picked)} | {statistics.median(picked):.2f} ms | {max(picked):.2f} ms | |")
if given_up:
    print(f"| 4x4 boards past 200,000,000 nodes | {given_up} | | | |")
algs4 = times("algs4")
depth = max(int(line) for line in open(f"{work}/algs4.out"))
print(f"| algs4, 5 boards of each side 2 to 10, at most {depth} moves (`eight algs4`) | {len(algs4)} | {statistics.median(algs4):.2f} ms | {max(algs4):.2f} ms | {algs4_wall:.2f} s |")
PY
