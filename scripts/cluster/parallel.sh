#!/usr/bin/env bash
# One board's optimal search spread over jobs with GNU parallel (Debian: `apt-get install
# parallel`): on this machine's cores, or on other machines with HOSTS=FILE (parallel's
# --sshloginfile; each host needs `eight` on its PATH and, for pattern databases, its cache
# built once: `eight cache build 6-6-6-6`).
#
#   scripts/cluster/parallel.sh BOARD [EIGHT OPTIONS...]
#   scripts/cluster/parallel.sh "$BOARD" --size 5x5 --goal "$(seq -s' ' 0 24)"
#
# Each wave is one IDA* bound: PARTS units (`eight path --part K/PARTS --bound B --json`), run in
# canonical order, whose records parallel gathers in WORK/B/records; once a unit's record holds
# a path, no later share starts, and those of the host under way stop (their paths come later in
# canonical order). `eight merge` then
# gives the answer (printed, exit 0) or the next wave's bound. A wave killed part-way is resumed
# by running the script again: the shares with a record are not run again, and a unit run twice
# writes the same record. From the second wave on, the shares are cut by the nodes below their
# boards in the wave before (`eight merge --even`, kept in the wave's `shares`), not by their
# count, so that they come out about even. Environment: PARTS (default 64: many more than the cores keep them
# evenly busy), JOBS (units at a time on each host; default: one a core), BOUND (the first
# wave's; default 0, and merge moves to the heuristic's estimate at once), WORK (default
# ./eight-waves), EIGHT (default eight), HOSTS.
set -euo pipefail
[ $# -ge 1 ] || { sed -n '2,19p' "$0" >&2; exit 2; }
command -v parallel >/dev/null || { echo "parallel.sh needs GNU parallel" >&2; exit 2; }
board=$1
shift
parts=${PARTS:-64}
eight=${EIGHT:-eight}
work=${WORK:-eight-waves}
bound=${BOUND:-0}
# a folder named like an option (`-w`) is a folder here, not an option of mkdir
case $work in -*) work=./$work ;; esac
where=()
# a host that does not answer on ssh (lost, its sshd killed) is left out of each attempt
[ -n "${HOSTS:-}" ] && where=(--sshloginfile "$HOSTS" --filter-hosts)
[ -n "${JOBS:-}" ] && where+=(--jobs "$JOBS")

# the shares of the records in file $1 that have none, in order
missing() {
    awk -v parts="$parts" '
        match($0, /"part":[0-9]+/) { seen[substr($0, RSTART + 7, RLENGTH - 7)] = 1 }
        END { for (part = 1; part <= parts; part++) if (!(part in seen)) print part }' "$1"
}

# the records of file $1 made whole again: a record cut short (a full disk, a unit killed while
# writing) is set aside in $1.cut, so that its share is missing and runs again, and a record
# glued after one cut short is kept from its own start; the file ends with a newline, so that the
# next record appended starts a line of its own. A record is whole when its braces and brackets
# close (a unit's strings hold none), not when its line ends in a brace: one cut right after a
# `}` of its slices does too
repair() {
    [ -s "$1" ] || return 0
    local before=0 after=0
    [ -e "$1.cut" ] && before=$(wc -l < "$1.cut")
    awk -v cut="$1.cut" '
    function closed(text,  copy) {
        copy = text
        return gsub(/[{]/, "", copy) == gsub(/[}]/, "", text) &&
            gsub(/[[]/, "", copy) == gsub(/[]]/, "", text)
    }
    {
        at = 0
        while ((found = index(substr($0, at + 1), "{\"judge\"")) > 0) at += found
        record = substr($0, at)
        if (at > 0 && record ~ /}[[:space:]]*$/ && closed(record)) {
            if (at > 1) print substr($0, 1, at - 1) >> cut
            print record
        } else if ($0 !~ /^[[:space:]]*$/) print >> cut
    }' "$1" > "$1.repaired"
    mv "$1.repaired" "$1"
    [ -e "$1.cut" ] && after=$(wc -l < "$1.cut")
    if [ "$after" -gt "$before" ]; then
        echo "parallel.sh: a record cut short set aside in $1.cut; its share runs again" >&2
    fi
}

# one unit, `unit WAVE K/N[:FROM-TO] EIGHT ARGS...`: not begun when an earlier share of the wave has a
# path, and stopped (writing no record) when one finds one while it runs, both known by the marks
# `WAVE/found-K` of this host; its record on standard output, and status 0 when the record holds
# a path
unit() {
    local wave=$1 part=${2%%/*} record status watcher
    shift 2
    earlier() {
        local mark
        for mark in "$wave"/found-*; do
            [ -e "$mark" ] && [ "${mark##*-}" -lt "$part" ] && return 0
        done
        return 1
    }
    earlier && return 1
    record=$(mktemp)
    "$@" > "$record" &
    local pid=$!
    (while sleep 1; do earlier && kill "$pid"; done) > /dev/null 2>&1 &
    watcher=$!
    status=0
    wait "$pid" || status=$?
    kill "$watcher" 2>/dev/null || true
    if [ "$status" -ne 0 ]; then
        rm -f "$record"
        return 2
    fi
    cat "$record"
    status=1
    grep -q '"path":"' "$record" && status=0
    rm -f "$record"
    [ "$status" -eq 0 ] && { touch "$wave/found-$part" 2>/dev/null || true; }
    return "$status"
}
export -f unit

while :; do
    wave=$work/$bound
    mkdir -p "$wave"
    touch "$wave/records"
    for attempt in 1 2 3 4; do
        repair "$wave/records"
        status=0
        answer=$("$eight" merge "$wave/records" 2>/dev/null) || status=$?
        [ "$status" -le 1 ] && break
        shares=$(missing "$wave/records")
        [ -n "$shares" ] || break
        [ "$attempt" -gt 1 ] && echo "parallel.sh: bound $bound: running again shares" $shares >&2
        # a unit's record goes to standard output, which parallel passes on when the unit ends;
        # no share starts after one whose record holds a path
        # (the words quoted here, not by parallel's --quote, which breaks --filter-hosts); each
        # share's --part from the wave's `shares` when the wave before cut them evenly
        for share in $shares; do
            if [ -s "$wave/shares" ]; then sed -n "${share}p" "$wave/shares"; else
                echo "$share/$parts"; fi
        done | parallel --env unit "${where[@]}" --joblog "$wave/joblog" \
            --halt soon,success=1 "unit $(printf '%q ' "$wave") {} $(printf '%q ' "$eight" path \
            "$@")--part {} --bound $bound --json $(printf '%q' "$board")" \
            >> "$wave/records" || true
    done
    # said again with the wave's balance, or why the records give no answer
    repair "$wave/records"
    status=0
    answer=$("$eight" merge --stats "$wave/records") || status=$?
    case $status in
        0) echo "$answer"; exit 0 ;;
        1) echo "parallel.sh: bound $bound holds no path; the next wave is at $answer" >&2
           # the next wave's shares cut evenly by this one's nodes (kept if there: the same)
           mkdir -p "$work/$answer"
           [ -e "$work/$answer/shares" ] ||
               "$eight" merge --even "$work/$answer/shares" "$wave/records" >/dev/null || true
           bound=$answer ;;
        *) exit "$status" ;;
    esac
done
