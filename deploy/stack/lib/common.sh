# shellcheck shell=bash
# Shared helpers for infra.sh: logging, port checks, pid-file ownership, waiting.
# Sourced, never executed; expects REPO_ROOT to be set by the caller.

DATA_DIR="$REPO_ROOT/.data"
RUN_DIR="$DATA_DIR/run"
# shellcheck disable=SC2034 # used by the component libs
LOG_DIR="$DATA_DIR/logs"

# Components record how they are provided ("external", "ours", "started") for the
# summary line; STARTED lists what this run launched.
# shellcheck disable=SC2034 # read by infra.sh (summary)
declare -A ORIGIN=()
STARTED=()

# shellcheck disable=SC2034 # read by infra.sh (summary)
set_origin() { ORIGIN[$1]=$2; }

# join_by SEP ITEMS...: prints the items separated by SEP ("nothing" when none).
join_by() {
  local sep=$1 out="" item
  shift
  (($#)) || { printf 'nothing\n'; return 0; }
  out=$1
  shift
  for item in "$@"; do out+="$sep$item"; done
  printf '%s\n' "$out"
}

log() { printf '[docket] %s\n' "$*"; }

# One clear line on stderr, then stop: the callers (start.sh/test.sh) show it verbatim.
die() {
  printf '[docket] ERROR: %s\n' "$*" >&2
  exit 1
}

# Ports are checked with bash's /dev/tcp (no nc on the machine); `timeout` guards
# against hosts that drop packets instead of refusing.
port_open() {
  # shellcheck disable=SC2016 # $0/$1 expand in the child bash, on purpose
  timeout 2 bash -c 'exec 3<>"/dev/tcp/$0/$1"' "$1" "$2" 2>/dev/null
}

require_port_number() {
  [[ $2 =~ ^[0-9]+$ ]] || die "$1 must be a port number, got '$2'"
}

# An executable by name: PATH first, then the sbin/bin dirs a non-root PATH may lack.
find_bin() {
  local name=$1 dir
  if command -v "$name" >/dev/null 2>&1; then
    command -v "$name"
    return 0
  fi
  for dir in /usr/sbin /usr/bin /usr/local/sbin /usr/local/bin /sbin; do
    [[ -x $dir/$name ]] && { printf '%s\n' "$dir/$name"; return 0; }
  done
  return 1
}

pid_file() { printf '%s/%s.pid\n' "$RUN_DIR" "$1"; }

# Prints the pid of a component this script started, if that process still lives.
# The cmdline check guards against a recycled pid; a zombie has an empty cmdline.
owned_pid() {
  local name=$1 pattern=$2 file pid cmdline
  file=$(pid_file "$name")
  [[ -r $file ]] || return 1
  pid=$(<"$file")
  [[ $pid =~ ^[0-9]+$ ]] || return 1
  kill -0 "$pid" 2>/dev/null || return 1
  cmdline=$(tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null) || return 1
  [[ $cmdline == *"$pattern"* ]] || return 1
  printf '%s\n' "$pid"
}

# Starts a long-running server detached from our session (setsid, so a Ctrl-C or the
# caller's process-group kill does not take it down) with its own log and pid file.
# fd 9 (the infra lock) is closed so the server does not hold the lock forever.
spawn_owned() {
  local name=$1 logfile=$2
  shift 2
  (cd "$DATA_DIR" && exec setsid nohup "$@" >>"$logfile" 2>&1 </dev/null 9>&-) &
  printf '%s\n' "$!" >"$(pid_file "$name")"
  STARTED+=("$name")
}

# wait_for WHAT SECONDS PID CHECK... : polls CHECK until it succeeds, printing dots.
# PID (may be empty) is a process we started; if it dies we stop waiting at once.
wait_for() {
  local what=$1 seconds=$2 pid=$3 i
  shift 3
  "$@" && return 0
  printf '[docket] waiting for %s ' "$what"
  for ((i = 1; i <= seconds * 2; i++)); do
    sleep 0.5
    if "$@"; then
      printf ' ready\n'
      return 0
    fi
    if [[ -n $pid ]] && ! kill -0 "$pid" 2>/dev/null; then
      printf ' process exited\n'
      return 1
    fi
    ((i % 2 == 0)) && printf '.'
  done
  printf ' timed out after %ss\n' "$seconds"
  return 1
}

# The last lines of a log, indented, so a failure explains itself without opening files.
show_log_tail() {
  [[ -s $1 ]] || return 0
  printf '[docket] last lines of %s:\n' "$1" >&2
  tail -n 15 "$1" | sed 's/^/    /' >&2
}

# stop_owned NAME:PATTERN... : stops the components we started, all at once (they
# do not depend on each other): TERM, up to 20 s grace, then KILL. Stale pid files
# are removed. Sets STOPPED to the number of processes that were running.
STOPPED=0
stop_owned() {
  local spec name pid i pids=() names=()
  for spec in "$@"; do
    name=${spec%%:*}
    if pid=$(owned_pid "$name" "${spec#*:}"); then
      log "stopping $name (pid $pid)"
      kill -TERM "$pid" 2>/dev/null || true
      pids+=("$pid")
      names+=("$name")
    else
      rm -f "$(pid_file "$name")"
    fi
  done
  STOPPED=${#pids[@]}
  ((STOPPED > 0)) || return 0
  for ((i = 0; i < 100; i++)); do
    any_alive "${pids[@]}" || break
    sleep 0.2
  done
  for i in "${!pids[@]}"; do
    if kill -0 "${pids[$i]}" 2>/dev/null; then
      log "${names[$i]} did not stop within 20s; sending KILL"
      kill -KILL "${pids[$i]}" 2>/dev/null || true
    fi
    rm -f "$(pid_file "${names[$i]}")"
  done
}

any_alive() {
  local pid
  for pid in "$@"; do
    kill -0 "$pid" 2>/dev/null && return 0
  done
  return 1
}

# "ours (pid N)" or "external" for the status/summary lines.
ownership() {
  local pid
  if pid=$(owned_pid "$1" "$2"); then
    printf 'ours, pid %s\n' "$pid"
  else
    printf 'external\n'
  fi
}

# Serialises up/down so two callers (start.sh and test.sh at once) do not both start
# a server. Waits rather than fails: the other run may be building Temporal.
take_lock() {
  mkdir -p "$RUN_DIR"
  exec 9>"$RUN_DIR/infra.lock"
  if ! flock -n 9; then
    log "another infra.sh is running; waiting for it to finish"
    flock -w 900 9 || die "gave up waiting for the lock $RUN_DIR/infra.lock"
  fi
}
