#!/usr/bin/env bash
# Answers past the 24-puzzle (issue 64), as a Markdown table: for 5x5, 6x6 and 7x7, `eight path
# --fast` (and with TIME set, `--fast --time TIME`) on three sets of boards, solved in one process
# a set: DeepCubeA's own test boards (benches/deepcubea, beside the lengths of its solutions),
# random walks back from the goal of 1,000 to 10,000 moves made as DeepCubeA made its boards (each
# a random direction of four, a move off the board doing nothing; seeded), and uniform random
# solvable boards (seeded). For each: the boards, the average length, the average Manhattan
# distance, their ratio, the average proved lower bound, the seconds a board and the process's
# peak memory. BOARDS=N boards a set (100 by default; DeepCubeA's, its first N); SIZES="5 6 7"
# the sides; SETS=deepcubea only DeepCubeA's boards. TIME=per-size gives each size DeepCubeA's own
# time a board (22.9 s on 5x5, 45.4 s on 6x6, 144 s on 7x7: Agostinelli et al. 2019). JOBS=N
# solves each board in its own process with `--jobs N` (the board's searches on N threads; without
# it, one process a set on one thread). The average lower bound is what each answer proves (no
# path is shorter), length / bound the factor it proves on average, and "proved shortest" how
# many paths are as long as their bound.
# With the 24-puzzle's databases cached (`eight cache build 6-6-6-6`) the 5x5 boards use them.
# The machine is shared: compare within one run.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v python3 >/dev/null || { echo "bench-large.sh needs python3" >&2; exit 2; }
cargo build --release --quiet
python3 - "$PWD/target/release/eight" "${BOARDS:-100}" "${TIME:-}" "${SIZES:-5 6 7}" \
  "${SETS:-all}" "${JOBS:-}" <<'PY'
import json, random, resource, subprocess, sys, time
eight, count, budget = sys.argv[1], int(sys.argv[2]), sys.argv[3]
sizes = [int(side) for side in sys.argv[4].split()]
only_theirs = sys.argv[5] == "deepcubea"
jobs = sys.argv[6]
# DeepCubeA's time a board, by side
THEIR_TIME = {5: "22.9s", 6: "45.4s", 7: "144s"}

def goal(n):
    return list(range(1, n * n)) + [0]

def walk(n, rng):
    cells, blank = goal(n), n * n - 1
    for _ in range(rng.randint(1000, 10000)):
        row, column = divmod(blank, n)
        d_row, d_column = rng.choice([(-1, 0), (1, 0), (0, -1), (0, 1)])
        if 0 <= row + d_row < n and 0 <= column + d_column < n:
            target = (row + d_row) * n + column + d_column
            cells[blank], cells[target] = cells[target], 0
            blank = target
    return cells

def solvable(cells, n):
    tiles = [t for t in cells if t]
    inversions = sum(1 for i in range(len(tiles)) for j in range(i + 1, len(tiles)) if tiles[i] > tiles[j])
    if n % 2:
        return inversions % 2 == 0
    return (inversions + n - cells.index(0) // n) % 2 == 1

def uniform(n, rng):
    while True:
        cells = list(range(n * n))
        rng.shuffle(cells)
        if solvable(cells, n):
            return cells

def manhattan(cells, n):
    return sum(abs(c // n - (t - 1) // n) + abs(c % n - (t - 1) % n) for c, t in enumerate(cells) if t)

def run(n, boards):
    args = [eight, "path", "--fast", "--json", "--size", f"{n}x{n}"]
    if budget:
        args += ["--time", THEIR_TIME[n] if budget == "per-size" else budget]
    texts = ["".join(" ".join(map(str, cells)) + "\n" for cells in boards)]
    if jobs:
        args += ["--jobs", jobs]
        texts = [" ".join(map(str, cells)) + "\n" for cells in boards]
    began = time.perf_counter()
    done = [subprocess.run(args, input=text, capture_output=True, text=True, check=True)
            for text in texts]
    took = time.perf_counter() - began
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    records = [json.loads(line) for run in done for line in run.stdout.splitlines()]
    for record, cells in zip(records, boards):
        assert record["start"] == " ".join(map(str, cells)), "answers in order"
    return records, took, peak

mode = f"--fast --time {budget}" if budget else "--fast"
note = ""
if budget == "per-size":
    mode, note = "--fast --time T", ", T DeepCubeA's time a board"
if jobs:
    mode, note = mode + f" --jobs {jobs}", note + ", a process a board"
print(f"`eight path {mode}`{note}, {count} boards a set\n")
print("| board | boards | average length | DeepCubeA's | average Manhattan | length / Manhattan | "
      "average lower bound | length / bound | proved shortest | seconds a board | peak memory |")
print("|---|---|---|---|---|---|---|---|---|---|---|")
for n in sizes:
    theirs = [list(map(int, line.split())) for line in open(f"benches/deepcubea/puzzle{n * n - 1}.txt")][:count]
    lengths = [int(line) for line in open(f"benches/deepcubea/puzzle{n * n - 1}.lengths")][:count]
    rng = random.Random(64 * 100 + n)
    sets = [("DeepCubeA's test boards", theirs, sum(lengths) / len(lengths)),
            ("random walks of 1,000-10,000 moves", [walk(n, rng) for _ in range(count)], None),
            ("uniform random", [uniform(n, rng) for _ in range(count)], None)]
    for name, boards, reference in sets[:1] if only_theirs else sets:
        records, took, peak = run(n, boards)
        lengths_ = [r["distance"] for r in records]
        distances = [manhattan(cells, n) for cells in boards]
        bounds = [r.get("lower_bound", r["distance"]) for r in records]
        average = sum(lengths_) / len(lengths_)
        said = f"{reference:.2f}" if reference else "–"
        print(f"| {n}×{n}, {name} | {len(records)} | {average:.2f} | {said} | "
              f"{sum(distances) / len(distances):.2f} | {sum(lengths_) / sum(distances):.3f} | "
              f"{sum(bounds) / len(bounds):.2f} | {sum(lengths_) / sum(bounds):.3f} | "
              f"{sum(l <= b for l, b in zip(lengths_, bounds))} | "
              f"{took / len(records):.2f} | {peak:.0f} MiB |", flush=True)
PY
