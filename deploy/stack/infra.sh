#!/usr/bin/env bash
# Local infrastructure for Docket (DESIGN.md §2): PostgreSQL, NATS+JetStream, Redis,
# Temporal dev server, Azurite. Reuses what already runs, starts what is missing,
# and owns (pid files in .data/run) only what it started.
#
#   infra.sh up      ensure everything runs; idempotent, fast when all is up
#   infra.sh down    stop only what infra.sh started (system services stay)
#   infra.sh status  one line per component; exit 0 when all are up, 3 otherwise
#
# Environment: PGHOST, PGPORT (PostgreSQL, default 127.0.0.1:5432), DOCKET_NATS_PORT,
# DOCKET_REDIS_PORT, DOCKET_TEMPORAL_PORT, DOCKET_TEMPORAL_UI_PORT,
# DOCKET_AZURITE_PORT (defaults 4222, 6379, 7233, 8233, 10000; all on 127.0.0.1),
# XDG_CACHE_HOME / HOME (where the built Temporal CLI is cached).
# shellcheck source-path=SCRIPTDIR
set -euo pipefail

REPO_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
INFRA_LIB="$REPO_ROOT/deploy/stack/lib"

# shellcheck source=lib/common.sh
source "$INFRA_LIB/common.sh"
# shellcheck source=lib/postgres.sh
source "$INFRA_LIB/postgres.sh"
# shellcheck source=lib/nats.sh
source "$INFRA_LIB/nats.sh"
# shellcheck source=lib/redis.sh
source "$INFRA_LIB/redis.sh"
# shellcheck source=lib/temporal.sh
source "$INFRA_LIB/temporal.sh"
# shellcheck source=lib/azurite.sh
source "$INFRA_LIB/azurite.sh"

validate_env() {
  require_port_number PGPORT "$PGPORT"
  require_port_number DOCKET_NATS_PORT "$NATS_PORT"
  require_port_number DOCKET_REDIS_PORT "$REDIS_PORT"
  require_port_number DOCKET_TEMPORAL_PORT "$TEMPORAL_PORT"
  require_port_number DOCKET_TEMPORAL_UI_PORT "$TEMPORAL_UI_PORT"
  require_port_number DOCKET_AZURITE_PORT "$AZURITE_PORT"
}

# The NATS JetStream check and Azurite come from node_modules; say so up front
# instead of failing obscurely halfway.
require_node_deps() {
  command -v node >/dev/null 2>&1 || die "node is not installed: apt-get install -y nodejs (Node 20+)"
  [[ -d $REPO_ROOT/node_modules/nats && -x $REPO_ROOT/node_modules/.bin/azurite-blob ]] ||
    die "npm dependencies are missing: run npm ci in $REPO_ROOT"
}

print_summary() {
  local name parts=() addr
  for name in postgres nats redis temporal azurite; do
    case $name in
      postgres) addr=$(pg_address) ;;
      nats) addr=$NATS_ADDR ;;
      redis) addr=$REDIS_ADDR ;;
      temporal) addr=$TEMPORAL_ADDR ;;
      azurite) addr=$AZURITE_ADDR ;;
    esac
    parts+=("$name $addr (${ORIGIN[$name]:-?})")
  done
  log "infra up: $(join_by ', ' "${parts[@]}"); temporal CLI from $TEMPORAL_SOURCE; started now: $(join_by ', ' "${STARTED[@]}")"
}

cmd_up() {
  validate_env
  require_node_deps
  mkdir -p "$RUN_DIR" "$LOG_DIR"
  take_lock
  postgres_up
  nats_up
  redis_up
  temporal_up
  azurite_up
  print_summary
}

cmd_down() {
  take_lock
  stop_owned "azurite:$AZURITE_PROC" "temporal:$TEMPORAL_PROC" "redis:$REDIS_PROC" "nats:$NATS_PROC"
  if ((STOPPED == 0)); then
    log "nothing started by infra.sh is running (system services are left alone)"
  else
    log "stopped $STOPPED component(s) started by infra.sh (system services are left alone)"
  fi
}

cmd_status() {
  validate_env
  local down=0
  postgres_status || down=1
  nats_status || down=1
  redis_status || down=1
  temporal_status || down=1
  azurite_status || down=1
  ((down == 0)) || return 3
}

main() {
  case ${1:-} in
    up) cmd_up ;;
    down) cmd_down ;;
    status) cmd_status ;;
    *)
      printf 'usage: %s up|down|status\n' "$0" >&2
      exit 2
      ;;
  esac
}

main "$@"
