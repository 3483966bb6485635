#!/usr/bin/env bash
# The 4x4 lesson of the guide's chapter on algorithms, as a Markdown table: the nodes IDA*
# expands to prove the canonical path (`eight path --stats`) of the first ten of Korf's 100 with
# each heuristic, a process each. Node counts do not depend on the machine. The 7-8 databases are
# built into the cache first if missing (minutes, once).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
eight=$PWD/target/release/eight
goal=$(seq -s' ' 0 15)
"$eight" cache build 6-6-3 >/dev/null
"$eight" cache build 7-8 >/dev/null
nodes() {
  "$eight" path --size 4x4 --goal "$goal" --max-nodes 20000000000 --stats "$@" 2>&1 >/dev/null |
    sed -n 's/^eight: 1 case  expanded \([0-9]*\) .*/\1/p'
}
echo "| Korf # | moves | manhattan | conflicts | pdb 6-6-3 | pdb 7-8 |"
echo "|---|---|---|---|---|---|"
number=0
grep -v '^#' benches/korf100.txt | head -10 | while read -r moves board; do
  number=$((number + 1))
  row="| $number | $moves"
  for algo in "--algo manhattan" "--algo conflicts" "--pdb 6-6-3" "--pdb 7-8"; do
    # shellcheck disable=SC2086
    row="$row | $(nodes $algo "$board" | sed ':a;s/\B[0-9]\{3\}\>/,&/;ta')"
  done
  echo "$row |"
done
