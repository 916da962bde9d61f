# shellcheck shell=bash
# Temporal: the CLI's dev server (SQLite file under .data/temporal). The CLI is built
# once with `go install`; the binary lives in <repo>/.tools/bin and a copy is kept in
# a per-user cache so a fresh clone (CI) copies it instead of rebuilding (~4 min).

TEMPORAL_PORT=${DOCKET_TEMPORAL_PORT:-7233}
TEMPORAL_UI_PORT=${DOCKET_TEMPORAL_UI_PORT:-8233}
TEMPORAL_ADDR="127.0.0.1:$TEMPORAL_PORT"
# What our process's command line contains; tells our pid from a recycled one.
TEMPORAL_PROC="server start-dev"
# Tried in order: the design's pin first, older releases if the pin fails to build.
TEMPORAL_VERSIONS=(v1.5.1 v1.4.1 v1.3.0)
TEMPORAL_NAMESPACES=(default docket-test)
TOOLS_BIN="$REPO_ROOT/.tools/bin"
TEMPORAL_LOCAL="$TOOLS_BIN/temporal"
# Records which CLI version .tools/bin/temporal is (a `go install` build reports
# 0.0.0-DEV), so the cache entry gets the right name.
TEMPORAL_MARKER="$TOOLS_BIN/temporal.version"
TEMPORAL_BIN=""
# Where the CLI came from (PATH, .tools/bin, cache, built), for the summary line.
TEMPORAL_SOURCE=""

temporal_cache_dir() {
  local base=${XDG_CACHE_HOME:-}
  [[ -n $base ]] || { [[ -n ${HOME:-} ]] && base="$HOME/.cache"; }
  [[ -n $base ]] || return 1
  printf '%s/docket/tools\n' "$base"
}

# Copies via a temp name + rename so a concurrent reader never sees half a binary.
copy_atomically() {
  local src=$1 dest=$2
  mkdir -p "$(dirname "$dest")"
  cp "$src" "$dest.tmp.$$" && chmod 755 "$dest.tmp.$$" && mv -f "$dest.tmp.$$" "$dest"
}

find_go() {
  if command -v go >/dev/null 2>&1; then
    command -v go
  elif [[ -x /usr/local/go/bin/go ]]; then
    printf '/usr/local/go/bin/go\n'
  else
    return 1
  fi
}

# The version of .tools/bin/temporal: the marker, else the module version Go embeds
# in the binary, else the pinned version (what the project builds).
temporal_local_version() {
  local go version=""
  if [[ -s $TEMPORAL_MARKER ]]; then
    version=$(<"$TEMPORAL_MARKER")
  elif go=$(find_go); then
    version=$("$go" version -m "$TEMPORAL_LOCAL" 2>/dev/null |
      awk '$1 == "mod" && $2 == "github.com/temporalio/cli" { print $3 }') || true
  fi
  [[ -n $version ]] || version=${TEMPORAL_VERSIONS[0]}
  [[ -s $TEMPORAL_MARKER ]] || printf '%s\n' "$version" >"$TEMPORAL_MARKER"
  printf '%s\n' "$version"
}

# Keeps the per-user cache filled from a project-local binary (cheap when present).
temporal_seed_cache() {
  local cache version
  cache=$(temporal_cache_dir) || return 0
  version=$(temporal_local_version)
  [[ -x $cache/temporal-$version ]] && return 0
  log "caching the Temporal CLI $version in $cache for fresh clones"
  copy_atomically "$TEMPORAL_LOCAL" "$cache/temporal-$version" || log "could not write $cache (continuing)"
}

temporal_from_cache() {
  local cache version
  cache=$(temporal_cache_dir) || return 1
  for version in "${TEMPORAL_VERSIONS[@]}"; do
    if [[ -x $cache/temporal-$version ]]; then
      log "copying the Temporal CLI $version from $cache into .tools/bin"
      copy_atomically "$cache/temporal-$version" "$TEMPORAL_LOCAL" || return 1
      printf '%s\n' "$version" >"$TEMPORAL_MARKER"
      return 0
    fi
  done
  return 1
}

# Runs `go install` in the background and prints a progress line every 30 s, so CI
# logs show it is alive during the multi-minute build.
temporal_go_install() {
  local go=$1 version=$2 logfile=$3 pid elapsed=0
  GOBIN="$TOOLS_BIN" "$go" install "github.com/temporalio/cli/cmd/temporal@$version" >>"$logfile" 2>&1 9>&- &
  pid=$!
  while kill -0 "$pid" 2>/dev/null; do
    sleep 1
    elapsed=$((elapsed + 1))
    ((elapsed % 30 == 0)) && log "  still building Temporal CLI $version (${elapsed}s)"
  done
  wait "$pid"
}

temporal_build() {
  local go version logfile="$LOG_DIR/temporal-build.log" cache
  go=$(find_go) || die "the Temporal CLI is missing and Go is needed to build it once: apt-get install -y golang"
  mkdir -p "$TOOLS_BIN"
  for version in "${TEMPORAL_VERSIONS[@]}"; do
    log "building the Temporal CLI $version with $go (one-off, a few minutes; log .data/logs/temporal-build.log)"
    if temporal_go_install "$go" "$version" "$logfile"; then
      printf '%s\n' "$version" >"$TEMPORAL_MARKER"
      log "built the Temporal CLI $version"
      if cache=$(temporal_cache_dir); then
        copy_atomically "$TEMPORAL_LOCAL" "$cache/temporal-$version" || log "could not write $cache (continuing)"
      fi
      return 0
    fi
    log "building the Temporal CLI $version failed"
  done
  show_log_tail "$logfile"
  die "could not build the Temporal CLI (tried ${TEMPORAL_VERSIONS[*]}); see $logfile"
}

# Sets TEMPORAL_BIN: PATH first, then .tools/bin, then the cache, then a build.
# shellcheck disable=SC2034 # TEMPORAL_SOURCE is read by infra.sh
temporal_resolve() {
  if TEMPORAL_BIN=$(command -v temporal 2>/dev/null); then
    TEMPORAL_SOURCE="PATH"
    return 0
  fi
  if [[ -x $TEMPORAL_LOCAL ]]; then
    TEMPORAL_SOURCE=".tools/bin"
    temporal_seed_cache
  elif temporal_from_cache; then
    TEMPORAL_SOURCE="cache"
  else
    temporal_build
    TEMPORAL_SOURCE="built"
  fi
  TEMPORAL_BIN=$TEMPORAL_LOCAL
}

temporal_cli() {
  "$TEMPORAL_BIN" --address "$TEMPORAL_ADDR" --command-timeout 10s "$@"
}

# Captured, not piped into grep -q: with pipefail an early grep exit fails the pipe.
temporal_serving() {
  local out
  out=$(temporal_cli operator cluster health 2>/dev/null) || return 1
  [[ $out == *SERVING* ]]
}

temporal_ensure_namespace() {
  local ns=$1
  temporal_cli operator namespace describe -n "$ns" >/dev/null 2>&1 && return 0
  log "creating Temporal namespace $ns"
  temporal_cli operator namespace create -n "$ns" >/dev/null ||
    temporal_cli operator namespace describe -n "$ns" >/dev/null 2>&1 ||
    die "could not create Temporal namespace $ns on $TEMPORAL_ADDR"
}

temporal_start_ours() {
  local logfile="$LOG_DIR/temporal.log"
  mkdir -p "$DATA_DIR/temporal"
  log "starting Temporal dev server on $TEMPORAL_ADDR (UI http://127.0.0.1:$TEMPORAL_UI_PORT, data .data/temporal, log .data/logs/temporal.log)"
  spawn_owned temporal "$logfile" "$TEMPORAL_BIN" server start-dev --ip 127.0.0.1 \
    --port "$TEMPORAL_PORT" --ui-port "$TEMPORAL_UI_PORT" \
    --db-filename "$DATA_DIR/temporal/temporal.db" --log-level warn \
    --namespace docket-test
  set_origin temporal started
}

temporal_up() {
  local pid=""
  temporal_resolve
  if pid=$(owned_pid temporal "$TEMPORAL_PROC"); then
    set_origin temporal ours
  elif port_open 127.0.0.1 "$TEMPORAL_PORT"; then
    set_origin temporal external
  else
    temporal_start_ours
    pid=$(<"$(pid_file temporal)")
  fi
  if ! wait_for "Temporal on $TEMPORAL_ADDR" 60 "$pid" temporal_serving; then
    show_log_tail "$LOG_DIR/temporal.log"
    die "Temporal on $TEMPORAL_ADDR is not SERVING (log: $LOG_DIR/temporal.log)"
  fi
  local ns
  for ns in "${TEMPORAL_NAMESPACES[@]}"; do
    temporal_ensure_namespace "$ns"
  done
}


temporal_status() {
  if port_open 127.0.0.1 "$TEMPORAL_PORT"; then
    log "temporal  up    $(ownership temporal "$TEMPORAL_PROC")  $TEMPORAL_ADDR  UI http://127.0.0.1:$TEMPORAL_UI_PORT"
  else
    log "temporal  down  $TEMPORAL_ADDR"
    return 1
  fi
}
