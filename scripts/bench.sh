#!/usr/bin/env bash
# Whole-command timings of `eight` on the workloads of the README's Performance table, with
# hyperfine (Debian: `apt-get install hyperfine`), and the peak memory of each run with GNU
# time (`apt-get install time`). Inputs are made by `eight gen` from fixed seeds.
# Prints a Markdown table of medians; the machine is shared, so compare within one run.
#
# Then, side by side in the same run, the anchors: the classic C++ reverse-BFS table program,
# the fastest C++ table program I could write (fast.cpp: one fread, each board's path stored
# whole, one fwrite) and a per-query seed in the judges' style (benches/anchors/*.cpp, built with
# g++ -O2 as the judges build), the
# `pathfinding` crate's A* (benches/anchors/pathfinding, built with cargo), slidy-cli 0.4 (if
# `slidy` is on the PATH: `cargo install slidy-cli@0.4.0`), and the floor: a program that
# reads the input and writes answers already known (benches/anchors/floor.c). ANCHORS=0 skips.
set -euo pipefail
cd "$(dirname "$0")/.."
for tool in hyperfine /usr/bin/time python3 g++ gcc; do
    command -v "$tool" >/dev/null || { echo "bench.sh needs $tool" >&2; exit 2; }
done
cargo build --release --quiet
eight=$PWD/target/release/eight
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$eight" gen hdu1043 -n 100000 --unsolvable 0.5 --seed 1 > "$work/hdu1043.in"
# the same boards as judges' data lays them out: each line's cells separated by single spaces,
# two spaces (HDU's and POJ's own sample) or tabs, chosen by a seeded draw
python3 - "$work/hdu1043.in" > "$work/mixed.in" <<'PY'
import random, sys
draw = random.Random(27)
for line in open(sys.argv[1]):
    print([" ", "  ", "\t"][draw.randrange(3)].join(line.split()))
PY
"$eight" gen hdu1043 --all > "$work/all.in"
"$eight" gen hoj10466 -n 100000 --unsolvable 0.5 --seed 1 > "$work/hoj10466.in"

quick=(
    "$eight --version"
    "$eight steps 567408321"
)
streams=(
    "$eight path < $work/hdu1043.in"
    "$eight path < $work/mixed.in"
    "$eight steps --goal 123456780 < $work/all.in"
    "$eight pair < $work/hoj10466.in"
)
runs=("${quick[@]}" "${streams[@]}")
# the quick ones without a shell, whose start-up would swamp them
hyperfine -N --warmup 20 --runs "${RUNS:-100}" --export-json "$work/quick.json" "${quick[@]}" > /dev/null
hyperfine --warmup 3 --runs "${RUNS:-20}" --export-json "$work/streams.json" "${streams[@]}" > /dev/null
python3 -c 'import json, sys; print(json.dumps({"results": sum((json.load(open(f))["results"] for f in sys.argv[1:]), [])}))' \
    "$work/quick.json" "$work/streams.json" > "$work/times.json"

# peak resident memory of each run, and of a 10,000,000-case stream
for run in "${runs[@]}"; do
    /usr/bin/time -f %M -o "$work/rss" bash -c "$run > /dev/null"
    echo "$(cat "$work/rss")" >> "$work/rss.all"
done
"$eight" gen hdu1043 -n 10000000 --unsolvable 0.5 --seed 2 |
    /usr/bin/time -f %M -o "$work/rss" "$eight" path > /dev/null
stream_rss=$(cat "$work/rss")

python3 - "$work/times.json" "$work/rss.all" "$eight" "$stream_rss" <<'PY'
import json, sys
times = json.load(open(sys.argv[1]))["results"]
rss = [int(line) for line in open(sys.argv[2])]
eight, stream = sys.argv[3], int(sys.argv[4])
print("| command | median | peak RSS |")
print("|---|---|---|")
for result, kib in zip(times, rss):
    shown = result["command"].replace(eight, "eight").replace(sys.argv[1].rsplit("/", 1)[0] + "/", "")
    print(f"| `{shown}` | {result['median'] * 1000:.2f} ms | {kib / 1024:.1f} MiB |")
print(f"| `eight path` on a 10,000,000-case stream | | {stream / 1024:.1f} MiB |")
hard, version = times[1]["median"], times[0]["median"]
print(f"\none hard query (`steps 567408321`, 30 moves) against `eight --version`: {hard / version:.2f}x (target <= 1.2x)")
PY

[ "${ANCHORS:-1}" = 0 ] && exit 0

# the anchors, each checked against eight's answers before it is timed
anchors=benches/anchors
g++ -O2 -o "$work/table" "$anchors/table.cpp"
g++ -O2 -o "$work/fast" "$anchors/fast.cpp"
g++ -O2 -o "$work/seed" "$anchors/seed.cpp"
gcc -O2 -o "$work/floor" "$anchors/floor.c"
cargo build --release --quiet --manifest-path "$anchors/pathfinding/Cargo.toml"
pathfinding=$PWD/$anchors/pathfinding/target/release/anchor-pathfinding

mkdir -p "$work/check/hdu1043"
"$eight" gen hdu1043 -n 2000 --unsolvable 0.5 --seed 3 --out "$work/check/hdu1043/small"
cp "$work/check/hdu1043/small.in" "$work/hdu2000.in"
"$eight" gen hdu1043 -n 1034 --seed 4 > "$work/solvable.in"
"$eight" path < "$work/hdu1043.in" > "$work/hdu1043.out"
for program in "$work/table" "$work/fast" "$work/seed" "$pathfinding"; do
    "$eight" judge hdu1043 "$work/check" --optimal -- "$program" > "$work/verdict" ||
        { cat "$work/verdict" >&2; echo "bench.sh: $program is not accepted" >&2; exit 1; }
done

side=(
    "$eight path < $work/hdu1043.in"
    "$work/table < $work/hdu1043.in"
    "$work/floor $work/hdu1043.out < $work/hdu1043.in"
    "$eight path < $work/mixed.in"
    "$work/fast < $work/mixed.in"
    "$work/floor $work/hdu1043.out < $work/mixed.in"
    "$eight steps --goal 123456780 < $work/all.in"
    "$work/table count < $work/all.in"
    "$work/fast count < $work/all.in"
    "$eight path < $work/hdu2000.in"
    "$pathfinding < $work/hdu2000.in"
    "$work/seed < $work/hdu2000.in"
    "$eight path < $work/solvable.in"
)
if command -v slidy > /dev/null; then
    # slidy's notation: rows separated by slashes, 0 the blank
    sed 's/x/0/; s/^\(.....\) /\1\//; s/^\(...........\) /\1\//' "$work/solvable.in" > "$work/solvable.slidy"
    side+=("slidy solve < $work/solvable.slidy")
fi
hyperfine --warmup 2 --runs "${RUNS:-10}" --export-json "$work/side.json" "${side[@]}" > /dev/null

python3 - "$work/side.json" "$eight" "$work" "$pathfinding" <<'PY'
import json, sys
results = {r["command"]: r["median"] for r in json.load(open(sys.argv[1]))["results"]}
eight, work, pathfinding = sys.argv[2], sys.argv[3], sys.argv[4]
def median(command):
    return results.get(command.format(eight=eight, w=work, p=pathfinding))
rows = [
    ("1,034 solvable HDU boards", "slidy-cli 0.4 `solve`", "slidy solve < {w}/solvable.slidy", "{eight} path < {w}/solvable.in", ">= 3x"),
    ("100,000 HDU 1043 cases, mixed layouts", "fast C++ table", "{w}/fast < {w}/mixed.in", "{eight} path < {w}/mixed.in", ">= 5x"),
    ("all 181,440 boards of a class", "fast C++ table", "{w}/fast count < {w}/all.in", "{eight} steps --goal 123456780 < {w}/all.in", ">= 3x"),
    ("100,000 HDU 1043 cases, mixed layouts", "the floor (read, write ready answers)", "{w}/floor {w}/hdu1043.out < {w}/mixed.in", "{eight} path < {w}/mixed.in", "eight within 3x"),
    ("100,000 HDU 1043 cases", "C++ reverse-BFS table", "{w}/table < {w}/hdu1043.in", "{eight} path < {w}/hdu1043.in", ""),
    ("2,000 HDU 1043 cases", "`pathfinding` A*", "{p} < {w}/hdu2000.in", "{eight} path < {w}/hdu2000.in", ">= 20x"),
    ("2,000 HDU 1043 cases", "per-query seed (bidirectional BFS)", "{w}/seed < {w}/hdu2000.in", "{eight} path < {w}/hdu2000.in", ">= 100x"),
    ("all 181,440 boards of a class", "C++ reverse-BFS table", "{w}/table count < {w}/all.in", "{eight} steps --goal 123456780 < {w}/all.in", ""),
    ("100,000 HDU 1043 cases", "the floor (read, write ready answers)", "{w}/floor {w}/hdu1043.out < {w}/hdu1043.in", "{eight} path < {w}/hdu1043.in", ""),
]
print()
print("| workload | anchor | anchor | eight | anchor / eight | target |")
print("|---|---|---|---|---|---|")
for workload, name, anchor, mine, target in rows:
    a, e = median(anchor), median(mine)
    if a is None or e is None:
        print(f"| {workload} | {name} | not run | | | {target} |")
        continue
    print(f"| {workload} | {name} | {a * 1000:.2f} ms | {e * 1000:.2f} ms | {a / e:.2f}x | {target} |")
PY
