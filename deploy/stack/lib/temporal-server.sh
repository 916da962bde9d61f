# shellcheck shell=bash
# Temporal's real server (go.temporal.io/server, cmd/server) and its SQL tool, for the prod
# profile. Built once with Go, in a throw-away module that also requires the CLI the dev stack
# builds (lib/temporal.sh), so both share one dependency graph and Go's build cache: after the
# CLI, the server is a short build. The binaries and the module's SQL schema are kept in the
# per-user cache (~/.cache/docket/tools/temporal-server-<version>/) so other clones copy them.

TEMPORAL_SERVER_VERSION=v1.29.1
# The CLI whose module graph the build shares (the first of lib/temporal.sh's versions).
TEMPORAL_SERVER_CLI_VERSION=v1.5.1
TEMPORAL_SERVER_DIR=""

temporal_server_cache_dir() {
  local base
  base=$(temporal_cache_dir) || return 1
  printf '%s/temporal-server-%s\n' "$base" "$TEMPORAL_SERVER_VERSION"
}

temporal_server_complete() {
  [[ -x $1/temporal-server && -x $1/temporal-sql-tool && -d $1/schema/postgresql/v12 ]]
}

temporal_server_build() {
  local go out=$1 work="$DATA_DIR/prod/temporal-build" logfile="$LOG_DIR/temporal-server-build.log"
  local modcache pid elapsed=0
  go=$(find_go) || die "Go is needed to build Temporal's server once: apt-get install -y golang"
  mkdir -p "$work" "$out.tmp.$$"
  cat >"$work/go.mod" <<EOF
module docket.local/temporal-server

go 1.25.0

// The CLI stays required (never tidied away) so its dependency versions are the ones chosen.
require (
	github.com/temporalio/cli $TEMPORAL_SERVER_CLI_VERSION
	go.temporal.io/server $TEMPORAL_SERVER_VERSION
)
EOF
  log "building Temporal's server $TEMPORAL_SERVER_VERSION and temporal-sql-tool with $go (one-off, minutes; log .data/logs/temporal-server-build.log)"
  (
    cd "$work" &&
      GOFLAGS=-mod=mod "$go" build -o "$out.tmp.$$/temporal-server" go.temporal.io/server/cmd/server &&
      GOFLAGS=-mod=mod "$go" build -o "$out.tmp.$$/temporal-sql-tool" go.temporal.io/server/cmd/tools/sql
  ) >>"$logfile" 2>&1 9>&- &
  pid=$!
  while kill -0 "$pid" 2>/dev/null; do
    sleep 1
    elapsed=$((elapsed + 1))
    ((elapsed % 30 == 0)) && log "  still building Temporal's server (${elapsed}s)"
  done
  if ! wait "$pid"; then
    show_log_tail "$logfile"
    die "could not build Temporal's server $TEMPORAL_SERVER_VERSION; see $logfile"
  fi
  modcache=$("$go" env GOMODCACHE)
  mkdir -p "$out.tmp.$$/schema"
  cp -R "$modcache/go.temporal.io/server@$TEMPORAL_SERVER_VERSION/schema/postgresql" "$out.tmp.$$/schema/"
  chmod -R u+w "$out.tmp.$$/schema"
  rm -rf "$out"
  mv "$out.tmp.$$" "$out"
  log "built Temporal's server $TEMPORAL_SERVER_VERSION into $out"
}

# Sets TEMPORAL_SERVER_DIR: the cache when it has a complete build, else builds into it.
temporal_server_resolve() {
  local dir
  dir=$(temporal_server_cache_dir) || dir="$REPO_ROOT/.tools/temporal-server-$TEMPORAL_SERVER_VERSION"
  temporal_server_complete "$dir" || temporal_server_build "$dir"
  TEMPORAL_SERVER_DIR=$dir
}
