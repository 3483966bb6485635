# What the recipes that keep a record a file (slurm.sh, kubernetes.sh) share: sourced, not run.
# A wave's folder holds K.json, the record of share K, written whole (to K.part, then renamed),
# and found-K, the mark of a share whose record holds a path.

# Whether file $1 is one line of one record whose braces and brackets close (a unit's strings
# hold none): a record cut right after a `}` of its slices ends in a brace too.
whole() {
    [ "$(wc -l < "$1")" -eq 1 ] && [ "$(tail -c 1 "$1" | wc -l)" -eq 1 ] &&
        awk '{
            copy = $0
            exit !(/^[{]"judge":.*[}]$/ && gsub(/[{]/, "", copy) == gsub(/[}]/, "") &&
                gsub(/[[]/, "", copy) == gsub(/[]]/, ""))
        }' "$1"
}

# The record files of folder $1 that are not one whole record (cut short by a full disk or a
# killed writer, or written over by hand) set aside as K.json.cut, so that their shares are
# missing and run again; said on standard error.
set_aside() {
    local record
    for record in "$1"/*.json; do
        [ -e "$record" ] || continue
        if ! whole "$record"; then
            mv "$record" "$record.cut"
            echo "${0##*/}: $record is not a whole record: set aside as $record.cut" >&2
        fi
    done
}

# The shares 1 to $2 of the wave in folder $1 with no record, comma-separated.
missing() {
    local part list=()
    for part in $(seq 1 "$2"); do
        [ -s "$1/$part.json" ] || list+=("$part")
    done
    (IFS=,; echo "${list[*]}")
}

# The words of a command as a shell reads them back, quoted only where they need it.
shown() {
    local word line=()
    for word in "$@"; do
        if [[ $word =~ ^[A-Za-z0-9_./:=%,@+-]+$ ]]; then
            line+=("$word")
        else
            line+=("'${word//\'/\'\\\'\'}'")
        fi
    done
    echo "${line[*]}"
}

# The wave in folder $1 merged (`$eight merge`, with the options after $1): its output, and
# merge's status (0 the answer, 1 the next bound, 2 no answer yet or a fault).
merged() {
    local wave=$1
    shift
    cat "$wave"/*.json 2>/dev/null | "$eight" merge "$@"
}

# The end of the wave at bound $bound in folder $1, its records set aside where cut and merged:
# the answer printed and exit 0, or $bound set to the next wave's (its shares cut evenly by this
# one's nodes in $work/NEXT/shares, a share's --part a line), or exit with merge's fault.
settled() {
    local answer status=0
    set_aside "$1"
    answer=$(merged "$1" --stats) || status=$?
    case $status in
        0) echo "$answer"; exit 0 ;;
        1) echo "${0##*/}: bound $bound holds no path; the next wave is at $answer" >&2
           # the next wave's shares cut evenly by this one's nodes (kept if there: the same)
           mkdir -p "$work/$answer"
           [ -e "$work/$answer/shares" ] ||
               merged "$1" --even "$work/$answer/shares" >/dev/null || true
           bound=$answer ;;
        *) exit "$status" ;;
    esac
}
