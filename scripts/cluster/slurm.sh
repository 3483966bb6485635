#!/usr/bin/env bash
# One board's optimal search spread over a Slurm cluster: each wave (one IDA* bound) is a job
# array of PARTS units, submitted with `sbatch --array --wait`, their records written to a shared
# folder; `eight merge` then gives the answer (printed, exit 0) or the next wave's bound.
#
#   scripts/cluster/slurm.sh BOARD [EIGHT OPTIONS...]
#   DRY_RUN=1 scripts/cluster/slurm.sh BOARD ...   prints the first wave's sbatch, submits nothing
#
# Run from a folder every node sees (WORK must be shared). A unit whose record holds a path
# leaves a mark, and a share after it in canonical order that has not begun does not run (its
# paths come later). A share whose record is missing after its wave (a node lost, a unit killed,
# a record cut short and set aside as K.json.cut) is submitted again, up to three times: a unit
# run twice writes the same record. From the second wave on, the shares are cut evenly by the
# nodes below their boards in the wave before (the wave's `shares`). Environment:
# PARTS (default 256), BOUND (default 0), WORK (default ./eight-waves), EIGHT (default eight, on
# every node's PATH), SBATCH_OPTIONS (say "--partition=long --time=12:00:00 --mem=2G").
set -euo pipefail
[ $# -ge 1 ] || { sed -n '2,17p' "$0" >&2; exit 2; }
board=$1
shift
parts=${PARTS:-256}
eight=${EIGHT:-eight}
work=${WORK:-eight-waves}
bound=${BOUND:-0}
read -r -a options <<< "${SBATCH_OPTIONS:-}"

# set_aside, missing, shown, merged, settled
. "$(dirname "$0")/waves.sh"

while :; do
    wave=$work/$bound
    mkdir -p "$wave"
    for attempt in 1 2 3 4; do
        set_aside "$wave"
        status=0
        merged "$wave" >/dev/null 2>&1 || status=$?
        [ "$status" -le 1 ] && break
        shares=$(missing "$wave" "$parts")
        [ -n "$shares" ] || break
        # the unit of this array task: not begun if an earlier share has a path; its record kept
        # only once written whole, and a mark left when it holds a path
        here=$(printf '%q' "$wave")
        command=$(printf '%q ' "$eight" path "$@" --bound "$bound" --json "$board")
        unit="id=\$SLURM_ARRAY_TASK_ID; for mark in $here/found-*; do"
        unit="$unit [ -e \"\$mark\" ] && [ \"\${mark##*-}\" -lt \"\$id\" ] && exit 0; done;"
        unit="$unit part=\$id/$parts; [ -s $here/shares ] && part=\$(sed -n \"\${id}p\" $here/shares);"
        unit="$unit $command--part \$part > $here/\$id.part && mv $here/\$id.part $here/\$id.json &&"
        unit="$unit if grep -q '\"path\":\"' $here/\$id.json; then touch $here/found-\$id; fi"
        submit=(sbatch "${options[@]}" --job-name "eight-$bound" --array "$shares" --wait
            --output "$wave/%a.log" --wrap "$unit")
        if [ -n "${DRY_RUN:-}" ]; then
            shown "${submit[@]}"
            exit 0
        fi
        echo "slurm.sh: bound $bound, attempt $attempt: shares $shares" >&2
        # sbatch says "Submitted batch job N": on standard error, the answer alone on standard output
        "${submit[@]}" >&2 || true
    done
    settled "$wave"
done
