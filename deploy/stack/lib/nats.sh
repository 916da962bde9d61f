# shellcheck shell=bash
# NATS with JetStream: reuse a server on 127.0.0.1:$DOCKET_NATS_PORT if it has
# JetStream, otherwise run our own nats-server storing streams under .data/nats.

NATS_PORT=${DOCKET_NATS_PORT:-4222}
NATS_ADDR="127.0.0.1:$NATS_PORT"
# What our process's command line contains; tells our pid from a recycled one.
NATS_PROC="nats-server"
NATS_CHECK="$INFRA_LIB/nats-jetstream-check.cjs"

# Exit status as nats-jetstream-check.cjs: 0 ok, 3 JetStream off, 2 no connection.
# Runs from the repo root only for consistent relative paths; `nats` resolves upward.
nats_jetstream_status() {
  (cd "$REPO_ROOT" && node "$NATS_CHECK" "$NATS_ADDR" 2>/dev/null)
}

nats_jetstream_ok() { nats_jetstream_status; }

nats_require_jetstream() {
  local rc=0
  nats_jetstream_status || rc=$?
  case $rc in
    0) return 0 ;;
    3) die "NATS on $NATS_ADDR answers but JetStream is disabled; restart it with -js (e.g. nats-server -js -sd /var/lib/nats-server) or stop it so infra.sh can start its own" ;;
    *) die "something listens on $NATS_ADDR but the NATS client cannot connect to it ($(cd "$REPO_ROOT" && node "$NATS_CHECK" "$NATS_ADDR" 2>&1 | head -n 1))" ;;
  esac
}

nats_start_ours() {
  local bin pid logfile="$LOG_DIR/nats.log"
  bin=$(find_bin nats-server) || die "nats-server is not running on $NATS_ADDR and not installed: apt-get install -y nats-server"
  mkdir -p "$DATA_DIR/nats"
  log "starting nats-server with JetStream on $NATS_ADDR (data .data/nats, log .data/logs/nats.log)"
  spawn_owned nats "$logfile" "$bin" -a 127.0.0.1 -p "$NATS_PORT" -js -sd "$DATA_DIR/nats"
  pid=$(<"$(pid_file nats)")
  if ! wait_for "NATS JetStream on $NATS_ADDR" 30 "$pid" nats_jetstream_ok; then
    show_log_tail "$logfile"
    die "nats-server did not become ready (log: $logfile)"
  fi
  set_origin nats started
}

nats_up() {
  local pid
  if pid=$(owned_pid nats "$NATS_PROC"); then
    # Ours but maybe still starting (another run launched it moments ago).
    wait_for "NATS JetStream on $NATS_ADDR" 30 "$pid" nats_jetstream_ok ||
      die "our nats-server (pid $pid) does not answer on $NATS_ADDR (log: $LOG_DIR/nats.log)"
    set_origin nats ours
  elif port_open 127.0.0.1 "$NATS_PORT"; then
    nats_require_jetstream
    set_origin nats external
  else
    nats_start_ours
  fi
}


nats_status() {
  local js=JetStream
  if ! port_open 127.0.0.1 "$NATS_PORT"; then
    log "nats      down  $NATS_ADDR"
    return 1
  fi
  nats_jetstream_ok || js="JetStream OFF"
  log "nats      up    $(ownership nats "$NATS_PROC")  $NATS_ADDR  $js"
  [[ $js == JetStream ]]
}
