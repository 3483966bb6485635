#!/usr/bin/env bash
# The quality and time of `--fast` (issue 22), as a Markdown table: for every side from 4 to 16
# (and a few boards that are not square), FAST=N random solvable boards (7 by default, seeded)
# solved by `eight path --fast` in one process; the median path length over the Manhattan
# distance, the worst, the median time a board, beside Parberry's real-time method (8/3·n³
# moves, a closed form, not run). Then Korf's 100 4x4 boards: the total against their optimal
# total, and the time of the whole run (the pattern databases cached first). The machine is
# shared: compare within one run.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v python3 >/dev/null || { echo "bench-fast.sh needs python3" >&2; exit 2; }
cargo build --release --quiet
python3 - "$PWD/target/release/eight" "${FAST:-7}" <<'PY'
import json, random, statistics, subprocess, sys, time
eight, count = sys.argv[1], int(sys.argv[2])

def solvable(cells, w, h):
    tiles = [t for t in cells if t]
    inversions = sum(1 for i in range(len(tiles)) for j in range(i + 1, len(tiles)) if tiles[i] > tiles[j])
    if w % 2:
        return inversions % 2 == 0
    return (inversions + h - cells.index(0) // w) % 2 == 1

def boards(w, h, rng):
    for _ in range(count):
        while True:
            cells = list(range(w * h))
            rng.shuffle(cells)
            if solvable(cells, w, h):
                yield cells
                break

def manhattan(cells, w):
    return sum(abs(c // w - (t - 1) // w) + abs(c % w - (t - 1) % w) for c, t in enumerate(cells) if t)

print("| board | boards | median length / Manhattan | worst | median time a board | Parberry 8/3·n³ / Manhattan |")
print("|---|---|---|---|---|---|")
shapes = [(n, n) for n in range(4, 17)] + [(3, 5), (7, 4), (16, 2)]
for w, h in shapes:
    rng = random.Random(w * 100 + h)
    drawn = list(boards(w, h, rng))
    text = "".join(" ".join(map(str, cells)) + "\n" for cells in drawn)
    done = subprocess.run([eight, "path", "--fast", "--json", "--stats", "--size", f"{w}x{h}"],
                          input=text, capture_output=True, text=True, check=True)
    records = [json.loads(line) for line in done.stdout.splitlines()]
    ratios = [r["distance"] / manhattan(cells, w) for r, cells in zip(records, drawn)]
    times = [r["stats"]["time"] / 1e6 for r in records]
    parberry = ""
    if w == h:
        parberry = f"{8 / 3 * w ** 3 / statistics.median(manhattan(c, w) for c in drawn):.2f}"
    print(f"| {w}×{h} | {len(drawn)} | {statistics.median(ratios):.2f} | {max(ratios):.2f} | "
          f"{statistics.median(times):.3f} s | {parberry} |", flush=True)

korf = [l.split() for l in open("benches/korf100.txt") if l.strip() and not l.startswith("#")]
optimal = sum(int(k[0]) for k in korf)
goal = " ".join(str(v) for v in range(16))
text = "".join(" ".join(k[1:]) + "\n" for k in korf)
args = [eight, "steps", "--fast", "--size", "4x4", "--goal", goal]
subprocess.run(args, input=text.splitlines()[0] + "\n", capture_output=True, text=True, check=True)
began = time.perf_counter()
done = subprocess.run(args, input=text, capture_output=True, text=True, check=True)
took = time.perf_counter() - began
total = sum(int(line) for line in done.stdout.split())
print()
print(f"Korf's 100 with --fast: {total} moves for their optimal {optimal} "
      f"({total / optimal:.3f}×), {took:.2f} s for all 100 in one process")
PY
