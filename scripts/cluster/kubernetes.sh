#!/usr/bin/env bash
# One board's optimal search spread over a Kubernetes cluster: each wave (one IDA* bound) is an
# Indexed Job (scripts/cluster/wave.yaml) of PARTS pods, each writing its share's record in a
# volume (a ReadWriteMany PersistentVolumeClaim) that this machine sees too, at WORK; `eight
# merge` then gives the answer (printed, exit 0) or the next wave's bound.
#
#   IMAGE=registry/eight:1 WORK=/mnt/eight-waves scripts/cluster/kubernetes.sh BOARD [EIGHT OPTIONS...]
#   DRY_RUN=1 IMAGE=… scripts/cluster/kubernetes.sh BOARD ...   prints the first wave's Job
#
# Environment: IMAGE (an image with eight on its PATH; required), WORK (where this machine sees
# the waves volume; default ./eight-waves), WAVES_CLAIM (that volume's claim; default
# eight-waves), CACHE_CLAIM (a claim holding `eight cache build`'s databases, mounted read-only;
# default eight-cache), PARTS (default 256), PARALLELISM (pods at a time; default PARTS), BOUND
# (default 0), MEMORY (a pod's request; default 2Gi), NAME (the Jobs' prefix; default eight),
# KUBECTL (default kubectl), EIGHT (this machine's eight, for merge; default eight). A wave whose
# Job failed (a share failed four times) is submitted again, up to three times: pods of shares
# with a record exit at once. The script run again after a kill resumes where the records are.
set -euo pipefail
[ $# -ge 1 ] || { sed -n '2,17p' "$0" >&2; exit 2; }
[ -n "${IMAGE:-}" ] || { echo "kubernetes.sh: IMAGE: an image with eight on its PATH" >&2; exit 2; }
board=$1
shift
parts=${PARTS:-256}
eight=${EIGHT:-eight}
work=${WORK:-eight-waves}
bound=${BOUND:-0}
kubectl=${KUBECTL:-kubectl}
manifest=$(dirname "$0")/wave.yaml
# set_aside, missing, shown, merged, settled
. "$(dirname "$0")/waves.sh"

# a word as a YAML (and JSON) string
quoted() {
    local word=${1//\\/\\\\}
    word=${word//\"/\\\"}
    printf '"%s"' "$word"
}

# the Job of the wave at bound $1 of eight's options $2...: wave.yaml with its fields filled in
job() {
    local at=$1 word args=()
    shift
    for word in path "$@" "$board"; do
        args+=("$(quoted "$word")")
    done
    args=$(IFS=,; echo "[${args[*]}]")
    sed -e "s|@NAME@|${NAME:-eight}-$at|" -e "s|@PARTS@|$parts|g" \
        -e "s|@PARALLELISM@|${PARALLELISM:-$parts}|" -e "s|@BOUND@|$at|" \
        -e "s|@IMAGE@|$(quoted "$IMAGE")|" -e "s|@MEMORY@|${MEMORY:-2Gi}|" \
        -e "s|@WAVES_CLAIM@|${WAVES_CLAIM:-eight-waves}|" \
        -e "s|@CACHE_CLAIM@|${CACHE_CLAIM:-eight-cache}|" \
        -e "s|@ARGS@|$(sed 's/[|&\\]/\\&/g' <<< "$args")|" "$manifest"
}

while :; do
    wave=$work/$bound
    name=${NAME:-eight}-$bound
    for attempt in 1 2 3 4; do
        [ -n "${DRY_RUN:-}" ] && { job "$bound" "$@"; exit 0; }
        mkdir -p "$wave"
        set_aside "$wave"
        status=0
        merged "$wave" >/dev/null 2>&1 || status=$?
        [ "$status" -le 1 ] && break
        [ -n "$(missing "$wave" "$parts")" ] || break
        echo "kubernetes.sh: bound $bound, attempt $attempt: Job $name" >&2
        "$kubectl" delete job "$name" --ignore-not-found >&2
        job "$bound" "$@" | "$kubectl" apply -f - >&2
        # progress: the pods done, until the Job completes or fails
        while :; do
            state=$("$kubectl" get job "$name" -o \
                'jsonpath={.status.succeeded}/{.spec.completions} {.status.conditions[*].type}')
            echo "kubernetes.sh: bound $bound: ${state%% *} done" >&2
            [[ " $state " =~ \ (Complete|Failed)\  ]] && break
            sleep 10
        done
    done
    settled "$wave"
done
