#!/usr/bin/env bash
# How even a wave's shares are, cut by count and cut by the nodes of the wave before (`eight
# merge --even`): the units of each wave run here one after the other, every share to its end.
#
#   scripts/bench-balance.sh BOARD PARTS BOUND...
#   scripts/bench-balance.sh "2 17 4 13 7 12 10 3 0 16 21 24 8 5 18 20 15 19 14 9 22 11 6 1 23" 8 76 78 80 82
#
# OPTIONS: the units' options (default: the 24-puzzle's goal and 6-6-6-6, read from the cache,
# EIGHT_CACHE_DIR or ~/.cache/eight). The first bound's wave is cut by count alone; each later
# one both ways, the cut by nodes taken from the wave before's (cut by nodes when it was).
# Prints a Markdown table: per bound, the nodes of the wave and its largest share against the
# mean, each way.
set -euo pipefail
[ $# -ge 3 ] || { sed -n '2,11p' "$0" >&2; exit 2; }
cd "$(dirname "$0")/.."
cargo build --release --quiet
eight=$PWD/target/release/eight
board=$1
parts=$2
shift 2
read -r -a options <<< "${OPTIONS:---size 5x5 --pdb 6-6-6-6}"
[ -n "${OPTIONS:-}" ] || options+=(--goal "$(seq -s' ' 0 24)")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# the wave at bound $1, its shares' --part the lines of file $2, into file $3
wave() {
    local part
    while read -r part; do
        "$eight" path "${options[@]}" --part "$part" --bound "$1" --json "$board"
    done < "$2" > "$3"
}

# the nodes of the records of file $1, and the largest share's against the mean
spread() {
    "$eight" merge --stats "$1" 2>&1 >/dev/null | head -1 |
        sed -E 's/.* ([0-9]+) nodes in all, the largest [0-9]+ \(([0-9.]+)x the mean\)/\1 | \2/'
}

echo "| bound | nodes by count | largest / mean | nodes cut by the wave before | largest / mean |"
echo "|---|---|---|---|---|"
seq 1 "$parts" | sed "s|\$|/$parts|" > "$work/count"
before=""
for bound in "$@"; do
    wave "$bound" "$work/count" "$work/count-$bound"
    if [ -n "$before" ]; then
        "$eight" merge --even "$work/even" "$before" >/dev/null || true
        wave "$bound" "$work/even" "$work/even-$bound"
        echo "| $bound | $(spread "$work/count-$bound") | $(spread "$work/even-$bound") |"
        before=$work/even-$bound
    else
        echo "| $bound | $(spread "$work/count-$bound") | | |"
        before=$work/count-$bound
    fi
done
