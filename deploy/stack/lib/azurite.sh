# shellcheck shell=bash
# Azure Blob: Azurite from the project's npm dependencies, blobs under .data/azurite.

AZURITE_PORT=${DOCKET_AZURITE_PORT:-10000}
AZURITE_ADDR="127.0.0.1:$AZURITE_PORT"
# What our process's command line contains; tells our pid from a recycled one.
AZURITE_PROC="azurite-blob"

azurite_answers() { port_open 127.0.0.1 "$AZURITE_PORT"; }
azurite_gone() { ! azurite_answers; }

# An Azurite on our port left running by a checkout that has since been deleted: its data
# directory is gone, so it answers, but every upload fails with 500. Prints its pid.
azurite_orphan_pid() {
  local pid location
  for pid in $(pgrep -f "azurite-blob.*--blobPort $AZURITE_PORT" || true); do
    location=$(tr '\0' '\n' <"/proc/$pid/cmdline" 2>/dev/null | sed -n '/^--location$/{n;p;q}')
    if [[ -n $location && ! -d $location ]]; then
      printf '%s\n' "$pid"
      return 0
    fi
  done
  return 1
}

azurite_start_ours() {
  local bin="$REPO_ROOT/node_modules/.bin/azurite-blob" pid logfile="$LOG_DIR/azurite.log"
  [[ -x $bin ]] || die "Azurite is missing from node_modules: run npm ci in $REPO_ROOT"
  mkdir -p "$DATA_DIR/azurite"
  log "starting Azurite blob on $AZURITE_ADDR (data .data/azurite, log .data/logs/azurite.log)"
  # --skipApiVersionCheck: newer @azure/storage-blob SDKs send API versions Azurite
  # may not know yet. --loose: tolerate headers Azurite does not implement.
  # --disableTelemetry: no calls home (offline machines log errors otherwise).
  spawn_owned azurite "$logfile" "$bin" --blobHost 127.0.0.1 --blobPort "$AZURITE_PORT" \
    --location "$DATA_DIR/azurite" --skipApiVersionCheck --loose --silent --disableTelemetry
  pid=$(<"$(pid_file azurite)")
  if ! wait_for "Azurite on $AZURITE_ADDR" 30 "$pid" azurite_answers; then
    show_log_tail "$logfile"
    die "Azurite did not start (log: $logfile)"
  fi
  set_origin azurite started
}

azurite_up() {
  local pid
  if pid=$(owned_pid azurite "$AZURITE_PROC"); then
    wait_for "Azurite on $AZURITE_ADDR" 30 "$pid" azurite_answers ||
      die "our Azurite (pid $pid) does not answer on $AZURITE_ADDR (log: $LOG_DIR/azurite.log)"
    set_origin azurite ours
  elif pid=$(azurite_orphan_pid); then
    log "Azurite on $AZURITE_ADDR (pid $pid) serves a data directory that no longer exists: replacing it"
    kill "$pid" 2>/dev/null || true
    wait_for "the orphaned Azurite to exit" 20 "" azurite_gone ||
      die "the orphaned Azurite (pid $pid) still holds $AZURITE_ADDR"
    azurite_start_ours
  elif azurite_answers; then
    set_origin azurite external
  else
    azurite_start_ours
  fi
}


azurite_status() {
  if azurite_answers; then
    log "azurite   up    $(ownership azurite "$AZURITE_PROC")  $AZURITE_ADDR"
  else
    log "azurite   down  $AZURITE_ADDR"
    return 1
  fi
}
