#!/usr/bin/env bash
# A Slurm cluster of one node on this machine, to try the Slurm recipe without a cluster (the
# tests run it so). Needs root and Debian's slurm-wlm and munge (`apt-get install slurm-wlm
# munge`).
#
#   scripts/cluster/local-slurm.sh DIR COMMAND [ARGS...]
#   scripts/cluster/local-slurm.sh /tmp/slurm scripts/cluster/slurm.sh "$BOARD" --size 5x5
#
# Starts, with its files in DIR (a folder of its own: a munge key, slurm.conf, the daemons'
# state, spool and logs), munged, slurmctld and slurmd for a node `eight` of this machine's cores
# and memory; waits until `sinfo` shows the node idle; runs COMMAND with SLURM_CONF set (sbatch,
# squeue, scancel and sinfo talk to this cluster); stops them all, and exits with COMMAND's
# status. The daemons live in namespaces of their own (processes, network, host name), whose
# first process is this script: when it ends, however it ends, the kernel ends every daemon,
# and they meet no other Slurm of this machine. Exit 77 (and why, on standard error) when the
# cluster cannot start here: not root, no namespaces, Slurm or munge not installed.
set -euo pipefail
[ $# -ge 2 ] || { sed -n '2,17p' "$0" >&2; exit 2; }
cannot() { echo "local-slurm.sh: no cluster can start here: $*" >&2; exit 77; }

if [ "${1:-}" != --inside ]; then
    [ "$(id -u)" -eq 0 ] || cannot "the daemons need root"
    for program in munged slurmctld slurmd sbatch sinfo unshare runuser; do
        command -v "$program" >/dev/null || cannot "no \`$program\` (apt-get install slurm-wlm munge)"
    done
    id munge >/dev/null 2>&1 || cannot "no user munge (apt-get install munge)"
    unshare --pid --fork --mount-proc --net --uts true 2>/dev/null ||
        cannot "no namespaces can be made (unshare --pid --net --uts)"
    # its files are written in a folder it made, or one found empty: never through what was there
    if [ -e "$1" ] && [ -n "$(ls -A "$1")" ]; then
        echo "local-slurm.sh: DIR \`$1\` is not empty: give a new folder" >&2
        exit 2
    fi
    dir=$(mkdir -p "$1" && cd "$1" && pwd)
    shift
    # pid 1 of the namespace; --kill-child ends it (and so every daemon) if unshare is killed
    exec unshare --pid --fork --kill-child --mount-proc --net --uts "$0" --inside "$dir" "$@"
fi
dir=$2
shift 2

# a host `eight` at 10.88.0.1 of its own (getaddrinfo's AI_ADDRCONFIG, which Slurm asks for, sees
# no address on loopback alone), named in an /etc/hosts of this mount namespace only
ip link set lo up
ip link add eight0 type veth peer name eight1
ip link set eight1 up
ip address add 10.88.0.1/24 dev eight0
ip link set eight0 up
hostname eight
printf '127.0.0.1 localhost\n10.88.0.1 eight\n' > "$dir/hosts"
mount --bind "$dir/hosts" /etc/hosts
chmod 755 "$dir"
mkdir -p "$dir/munge" "$dir/state" "$dir/spool" "$dir/log"
chown munge: "$dir/munge"
chmod 755 "$dir/munge"
key=$dir/munge/munge.key
head -c 1024 /dev/urandom > "$key"
chown munge: "$key"
chmod 600 "$key"
socket=$dir/munge/socket
runuser -u munge -- munged --force --key-file "$key" --socket "$socket" \
    --pid-file "$dir/munge/munged.pid" --seed-file "$dir/munge/seed" \
    --log-file "$dir/munge/munged.log" --origin 10.88.0.1

cpus=$(nproc)
memory=$(awk '/^MemTotal:/ { print int($2 / 1024 * 0.9) }' /proc/meminfo)
export SLURM_CONF=$dir/slurm.conf
cat > "$SLURM_CONF" <<END
ClusterName=eight
SlurmctldHost=eight(10.88.0.1)
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$socket
SlurmUser=root
SlurmdUser=root
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
JobAcctGatherType=jobacct_gather/none
MpiDefault=none
ReturnToService=2
MailProg=/bin/true
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
NodeName=eight NodeAddr=10.88.0.1 CPUs=$cpus RealMemory=$memory State=UNKNOWN
PartitionName=eight Nodes=eight Default=YES MaxTime=INFINITE State=UP
END

stop() {
    scontrol shutdown >/dev/null 2>&1 || true
    munged --stop --socket "$socket" >/dev/null 2>&1 || true
}
trap stop EXIT
slurmctld -i
slurmd -N eight
for _ in $(seq 120); do
    [ "$(sinfo -h -n eight -o %t 2>/dev/null)" = idle ] && break
    sleep 0.5
done
[ "$(sinfo -h -n eight -o %t 2>/dev/null)" = idle ] || {
    echo "local-slurm.sh: the node is not idle after a minute: $(sinfo -h -N -o '%t %E' 2>&1)" >&2
    tail -n 20 "$dir"/log/*.log >&2
    exit 1
}
status=0
"$@" || status=$?
exit "$status"
