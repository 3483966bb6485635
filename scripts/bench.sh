#!/usr/bin/env bash
# Whole-command timings of `eight` on the workloads of the README's Performance table, with
# hyperfine (Debian: `apt-get install hyperfine`), and the peak memory of each run with GNU
# time (`apt-get install time`). Inputs are made by `eight gen` from fixed seeds.
# Prints a Markdown table of medians; the machine is shared, so compare within one run.
set -euo pipefail
cd "$(dirname "$0")/.."
for tool in hyperfine /usr/bin/time python3; do
    command -v "$tool" >/dev/null || { echo "bench.sh needs $tool" >&2; exit 2; }
done
cargo build --release --quiet
eight=$PWD/target/release/eight
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$eight" gen hdu1043 -n 100000 --unsolvable 0.5 --seed 1 > "$work/hdu1043.in"
"$eight" gen hdu1043 --all > "$work/all.in"
"$eight" gen hoj10466 -n 100000 --unsolvable 0.5 --seed 1 > "$work/hoj10466.in"

quick=(
    "$eight --version"
    "$eight steps 567408321"
)
streams=(
    "$eight path < $work/hdu1043.in"
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
PY
