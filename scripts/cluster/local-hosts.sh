#!/usr/bin/env bash
# ssh hosts on this machine, to try the GNU parallel recipe over HOSTS without other machines
# (the tests run it so). Needs root, iproute2 and Debian's openssh-server and openssh-client.
#
#   scripts/cluster/local-hosts.sh N DIR COMMAND [ARGS...]
#   scripts/cluster/local-hosts.sh 3 /tmp/hosts scripts/cluster/parallel.sh "$BOARD" --size 5x5
#
# Makes N hosts eight-h1 … eight-hN, each a network namespace (`ip netns add`) joined to this
# one by a veth pair, at 10.89.K.2 (this side 10.89.K.1), with a host name of its own and an sshd
# on its address that lets root in with a key made for the run; then runs COMMAND with HOSTS
# (parallel's --sshloginfile, a host a line) and PARALLEL_SSH (ssh with a config naming the
# hosts) set, and exits with its status. The hosts share this machine's files, as hosts with a
# shared folder do. Host K's processes are `ip netns pids eight-hK`: COMMAND may kill them, as a
# host is lost. Everything lives in namespaces whose first process is this script: when it ends,
# however it ends, the kernel ends every sshd and removes every namespace and link. Exit 77 (and
# why, on standard error) when the hosts cannot be made here: not root, no namespaces, no sshd.
set -euo pipefail
[ $# -ge 3 ] || { sed -n '2,18p' "$0" >&2; exit 2; }
cannot() { echo "local-hosts.sh: no hosts can be made here: $*" >&2; exit 77; }

if [ "${1:-}" != --inside ]; then
    [ "$(id -u)" -eq 0 ] || cannot "namespaces and sshd need root"
    PATH=$PATH:/usr/sbin
    for program in sshd ssh ssh-keygen ip unshare; do
        command -v "$program" >/dev/null ||
            cannot "no \`$program\` (apt-get install openssh-server openssh-client iproute2)"
    done
    unshare --pid --fork --mount-proc --net --uts true 2>/dev/null ||
        cannot "no namespaces can be made (unshare --pid --net)"
    [[ $1 =~ ^[1-9][0-9]?$ ]] || { echo "local-hosts.sh: N is 1 to 99, not \`$1\`" >&2; exit 2; }
    count=$1
    # its files are written in a folder it made, or one found empty: never through what was there
    if [ -e "$2" ] && [ -n "$(ls -A "$2")" ]; then
        echo "local-hosts.sh: DIR \`$2\` is not empty: give a new folder" >&2
        exit 2
    fi
    dir=$(mkdir -p "$2" && cd "$2" && pwd)
    shift 2
    # pid 1 of the namespaces; --kill-child ends it (and so every sshd) if unshare is killed
    exec unshare --pid --fork --kill-child --mount-proc --net "$0" --inside "$count" "$dir" "$@"
fi
count=$2
dir=$3
shift 3

ip link set lo up
# the namespaces' names in a /run/netns of this mount namespace only: nothing left on the machine
mkdir -p /run/netns /run/sshd "$dir/keys"
mount -t tmpfs -o mode=755 eight-netns /run/netns
chmod 700 "$dir/keys"
ssh-keygen -q -t ed25519 -N '' -C eight-client -f "$dir/keys/client"
cp "$dir/keys/client.pub" "$dir/keys/authorized_keys"
: > "$dir/hosts"
{
    echo "UserKnownHostsFile $dir/keys/known_hosts"
    echo "StrictHostKeyChecking accept-new"
} > "$dir/ssh_config"
for host in $(seq "$count"); do
    name=eight-h$host
    ip netns add "$name"
    ip link add "veth$host" type veth peer name eth0 netns "$name"
    ip address add "10.89.$host.1/24" dev "veth$host"
    ip link set "veth$host" up
    ip -n "$name" link set lo up
    ip -n "$name" address add "10.89.$host.2/24" dev eth0
    ip -n "$name" link set eth0 up
    mkdir -p "$dir/$name"
    ssh-keygen -q -t ed25519 -N '' -C "$name" -f "$dir/$name/host_key"
    cat > "$dir/$name/sshd_config" <<END
ListenAddress 10.89.$host.2
HostKey $dir/$name/host_key
PidFile $dir/$name/sshd.pid
AuthorizedKeysFile $dir/keys/authorized_keys
PermitRootLogin prohibit-password
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
END
    # sshd in the host's network namespace, under the host's name
    ip netns exec "$name" unshare --uts sh -c \
        "hostname $name && exec $(command -v sshd) -D -f '$dir/$name/sshd_config' -E '$dir/$name/sshd.log'" &
    cat >> "$dir/ssh_config" <<END
Host $name
    HostName 10.89.$host.2
    User root
    IdentityFile $dir/keys/client
    IdentitiesOnly yes
    BatchMode yes
    ConnectTimeout 5
    LogLevel ERROR
END
    echo "$name" >> "$dir/hosts"
done
for name in $(cat "$dir/hosts"); do
    for _ in $(seq 100); do
        ssh -F "$dir/ssh_config" "$name" true 2>/dev/null && continue 2
        sleep 0.1
    done
    echo "local-hosts.sh: $name does not answer on ssh: $(cat "$dir/$name/sshd.log")" >&2
    exit 1
done
export HOSTS=$dir/hosts PARALLEL_SSH="ssh -F $dir/ssh_config"
status=0
"$@" || status=$?
exit "$status"
