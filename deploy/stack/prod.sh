#!/usr/bin/env bash
# The prod profile: Docket as the Helm chart deploys it, on one machine (docs/operations.md).
# Its own PostgreSQL (127.0.0.1:5442), Temporal's real server on it (frontend :7633), a
# three-node NATS JetStream cluster (:4231-4233, every stream at three replicas), two replicas
# of every service and a load balancer in front of the gateways (http://127.0.0.1:4000).
# Redis and Azurite are the machine's (infra.sh), as in the dev profile.
#
#   prod.sh up        everything, idempotent (builds Temporal's server once, migrates)
#   prod.sh down      the services, then the prod infrastructure (nothing shared is touched)
#   prod.sh status    one line per process
#   prod.sh restart postgres|temporal-frontend      (the fault suite's restarts)
#   prod.sh start-nats N                            (brings a killed NATS node back, caught up)
# shellcheck source-path=SCRIPTDIR
set -euo pipefail

REPO_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
INFRA_LIB="$REPO_ROOT/deploy/stack/lib"

# shellcheck source=lib/common.sh
source "$INFRA_LIB/common.sh"
# shellcheck source=lib/nats.sh
source "$INFRA_LIB/nats.sh"
# shellcheck source=lib/temporal.sh
source "$INFRA_LIB/temporal.sh"
# shellcheck source=lib/temporal-server.sh
source "$INFRA_LIB/temporal-server.sh"
# shellcheck source=lib/prod-infra.sh
source "$INFRA_LIB/prod-infra.sh"

services() { (cd "$REPO_ROOT" && node -r @swc-node/register deploy/stack/services.ts "$@"); }

cmd_up() {
  # Redis and Azurite (and the shared PostgreSQL/NATS, which the prod profile does not use).
  bash "$REPO_ROOT/deploy/stack/infra.sh" up
  [[ -f $REPO_ROOT/dist/apps/gateway/src/main.js ]] || bash "$REPO_ROOT/deploy/stack/build.sh"
  take_lock
  prod_infra_up
  exec 9>&-
  services migrate prod
  services up prod
  log "prod profile up: API http://127.0.0.1:4000 (load balancer over two gateways)"
}

cmd_down() {
  services down prod
  take_lock
  prod_infra_down
}

cmd_status() {
  local node
  if prod_pg_answers; then log "postgres  up    127.0.0.1:$PROD_PG_PORT"; else log "postgres  down"; fi
  for node in "${PROD_NATS_NODES[@]}"; do
    if prod_nats_ready "$node"; then log "nats-$node    up    127.0.0.1:$((PROD_NATS_CLIENT_BASE + node))"; else log "nats-$node    down"; fi
  done
  log "temporal  $(ownership prod-temporal-frontend temporal-server) frontend, $(ownership prod-temporal-core temporal-server) core"
  services status prod
}

case ${1:-} in
  up) cmd_up ;;
  down) cmd_down ;;
  status) cmd_status ;;
  restart)
    case ${2:-} in
      postgres) prod_pg_restart ;;
      temporal-frontend) prod_temporal_restart_frontend ;;
      *) die "restart what? postgres or temporal-frontend" ;;
    esac
    ;;
  start-nats)
    [[ ${2:-} =~ ^[123]$ ]] || die "start-nats 1|2|3"
    prod_nats_start "$2"
    wait_for "NATS node $2" 60 "" prod_nats_ready "$2" || die "NATS node $2 did not come back"
    wait_for "NATS node $2 to catch up" 120 "" prod_nats_current "$2" ||
      die "NATS node $2 did not catch up its streams"
    ;;
  *)
    printf 'usage: %s up|down|status|restart postgres|temporal-frontend|start-nats N\n' "$0" >&2
    exit 2
    ;;
esac
