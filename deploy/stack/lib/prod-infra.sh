# shellcheck shell=bash
# The prod profile's own infrastructure, beside (never instead of) the machine's shared servers:
#   - a private PostgreSQL instance (Debian's pg_ctl; own data dir and port), so restarting it in
#     the fault suite disturbs no one else's databases;
#   - Temporal's real server on that PostgreSQL (frontend in one process, history + matching +
#     worker in another, so the frontend can be restarted alone);
#   - a three-node NATS JetStream cluster on its own ports (the machine's NATS on 4222 stays).
# Every process is ours: pid files in .data/run/prod-*.pid, data and logs under .data/prod.

PROD_DIR="$DATA_DIR/prod"
PROD_PG_PORT=${DOCKET_PROD_PG_PORT:-5442}
PROD_PG_DATA="$PROD_DIR/postgres"
PROD_PG_LOG="$PROD_DIR/postgres.log"
PROD_DATABASES=(docket_prod temporal temporal_visibility)
# Frontend, history, matching, worker: gRPC port and membership port (+1000 below).
PROD_TEMPORAL_FRONTEND_PORT=${DOCKET_PROD_TEMPORAL_PORT:-7633}
PROD_TEMPORAL_ADDR="127.0.0.1:$PROD_TEMPORAL_FRONTEND_PORT"
PROD_TEMPORAL_NAMESPACE=docket-prod
PROD_TEMPORAL_ROOT="$PROD_DIR/temporal"
PROD_NATS_NODES=(1 2 3)
PROD_NATS_CLIENT_BASE=4230
PROD_NATS_CLUSTER_BASE=6230
PROD_NATS_MONITOR_BASE=8250

pg_bin_dir() {
  local version
  version=$(find /usr/lib/postgresql -mindepth 1 -maxdepth 1 -printf '%f\n' 2>/dev/null | sort -V | tail -n 1)
  [[ -n $version && -x /usr/lib/postgresql/$version/bin/pg_ctl ]] ||
    die "PostgreSQL's server programs are missing: apt-get install -y postgresql"
  printf '/usr/lib/postgresql/%s/bin\n' "$version"
}

# PostgreSQL refuses to run as root; its files belong to the postgres user.
as_postgres() {
  if [[ $(id -u) == 0 ]]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

prod_pg_psql() {
  psql -h 127.0.0.1 -p "$PROD_PG_PORT" -U postgres -X -q -v ON_ERROR_STOP=1 "$@"
}

prod_pg_answers() { prod_pg_psql -d postgres -Atc 'select 1' >/dev/null 2>&1; }

prod_pg_ctl() {
  local bin
  bin=$(pg_bin_dir)
  as_postgres "$bin/pg_ctl" -D "$PROD_PG_DATA" -l "$PROD_PG_LOG" "$@" 9>&-
}

prod_pg_init() {
  local bin
  bin=$(pg_bin_dir)
  log "creating the prod PostgreSQL cluster in .data/prod/postgres (port $PROD_PG_PORT)"
  mkdir -p "$PROD_PG_DATA"
  [[ $(id -u) == 0 ]] && chown postgres: "$PROD_PG_DATA"
  chmod 700 "$PROD_PG_DATA"
  as_postgres "$bin/initdb" -D "$PROD_PG_DATA" -U postgres -A trust -E UTF8 --no-instructions >/dev/null
  # Two replicas of four database services, two workers and Temporal's pools.
  cat >>"$PROD_PG_DATA/postgresql.conf" <<EOF
port = $PROD_PG_PORT
listen_addresses = '127.0.0.1'
unix_socket_directories = '/tmp'
max_connections = 300
EOF
}

prod_pg_up() {
  [[ -s $PROD_PG_DATA/PG_VERSION ]] || prod_pg_init
  touch "$PROD_PG_LOG"
  [[ $(id -u) == 0 ]] && chown postgres: "$PROD_PG_LOG"
  if ! prod_pg_answers; then
    log "starting the prod PostgreSQL on 127.0.0.1:$PROD_PG_PORT (log .data/prod/postgres.log)"
    prod_pg_ctl -w -t 60 start >/dev/null || {
      show_log_tail "$PROD_PG_LOG"
      die "the prod PostgreSQL did not start"
    }
  fi
  local db
  for db in "${PROD_DATABASES[@]}"; do
    if [[ $(prod_pg_psql -d postgres -Atc "select 1 from pg_database where datname = '$db'") != 1 ]]; then
      prod_pg_psql -d postgres -c "create database \"$db\""
    fi
  done
  prod_pg_psql -d docket_prod -c 'set client_min_messages = warning; create extension if not exists pg_trgm'
}

# A fast restart, as an operator's failover or a minor-version upgrade would do.
prod_pg_restart() { prod_pg_ctl -w -t 60 -m fast restart >/dev/null; }

prod_pg_down() {
  [[ -s $PROD_PG_DATA/postmaster.pid ]] || return 0
  log "stopping the prod PostgreSQL"
  prod_pg_ctl -w -m fast stop >/dev/null || true
}

# --- Temporal ------------------------------------------------------------------------------

prod_sql_tool() {
  "$TEMPORAL_SERVER_DIR/temporal-sql-tool" --plugin postgres12 --ep 127.0.0.1 -p "$PROD_PG_PORT" \
    -u postgres "$@"
}

# setup-schema once (a fresh database has no schema_version table), then update-schema to the
# newest version the server ships; both are what Temporal's own images run.
prod_temporal_schema() {
  local db=$1 schema=$2 versioned
  versioned="$TEMPORAL_SERVER_DIR/schema/postgresql/v12/$schema/versioned"
  if [[ $(prod_pg_psql -d "$db" -Atc "select to_regclass('schema_version') is not null") != t ]]; then
    log "applying Temporal's $schema schema to $db (temporal-sql-tool)"
    prod_sql_tool --db "$db" setup-schema -v 0.0 >>"$LOG_DIR/prod-temporal-schema.log" 2>&1 ||
      die "temporal-sql-tool setup-schema failed on $db (log .data/logs/prod-temporal-schema.log)"
  fi
  prod_sql_tool --db "$db" update-schema -d "$versioned" >>"$LOG_DIR/prod-temporal-schema.log" 2>&1 ||
    die "temporal-sql-tool update-schema failed on $db (log .data/logs/prod-temporal-schema.log)"
}

prod_temporal_config() {
  local service grpc offset=0 services=""
  mkdir -p "$PROD_TEMPORAL_ROOT/config"
  for service in frontend history matching worker; do
    grpc=$((PROD_TEMPORAL_FRONTEND_PORT + offset))
    services+="  $service:
    rpc:
      grpcPort: $grpc
      membershipPort: $((grpc - 1000))
      bindOnLocalHost: true
"
    offset=$((offset + 1))
  done
  cat >"$PROD_TEMPORAL_ROOT/config/docket.yaml" <<EOF
# Written by deploy/stack/lib/prod-infra.sh; edit there.
log:
  stdout: true
  level: warn
persistence:
  defaultStore: default
  visibilityStore: visibility
  numHistoryShards: 4
  datastores:
    default:
      sql:
        pluginName: postgres12
        databaseName: temporal
        connectAddr: 127.0.0.1:$PROD_PG_PORT
        connectProtocol: tcp
        user: postgres
        maxConns: 20
        maxIdleConns: 20
        maxConnLifetime: 1h
    visibility:
      sql:
        pluginName: postgres12
        databaseName: temporal_visibility
        connectAddr: 127.0.0.1:$PROD_PG_PORT
        connectProtocol: tcp
        user: postgres
        maxConns: 4
        maxIdleConns: 4
        maxConnLifetime: 1h
global:
  membership:
    maxJoinDuration: 30s
    broadcastAddress: 127.0.0.1
services:
$services
clusterMetadata:
  enableGlobalNamespace: false
  failoverVersionIncrement: 10
  masterClusterName: active
  currentClusterName: active
  clusterInformation:
    active:
      enabled: true
      initialFailoverVersion: 1
      rpcName: frontend
      rpcAddress: $PROD_TEMPORAL_ADDR
dcRedirectionPolicy:
  policy: noop
EOF
}

# name -> the --service flags of that process.
prod_temporal_services() {
  case $1 in
    temporal-frontend) printf '%s\n' --service frontend ;;
    temporal-core) printf '%s\n' --service history --service matching --service worker ;;
  esac
}

prod_temporal_start() {
  local name=$1 pid flags=()
  pid=$(owned_pid "prod-$name" temporal-server) && return 0
  mapfile -t flags < <(prod_temporal_services "$name")
  log "starting Temporal's $name (log .data/logs/prod-$name.log)"
  spawn_owned "prod-$name" "$LOG_DIR/prod-$name.log" "$TEMPORAL_SERVER_DIR/temporal-server" \
    --root "$PROD_TEMPORAL_ROOT" --config config --env docket --allow-no-auth start "${flags[@]}"
}

prod_temporal_metadata_written() {
  [[ $(prod_pg_psql -d temporal -Atc 'select count(*) from cluster_metadata_info' 2>/dev/null) -gt 0 ]]
}

prod_temporal_serving() {
  local out
  out=$("$TEMPORAL_BIN" --address "$PROD_TEMPORAL_ADDR" --command-timeout 5s operator cluster health 2>/dev/null) || return 1
  [[ $out == *SERVING* ]]
}

prod_temporal_up() {
  temporal_server_resolve
  temporal_resolve
  prod_temporal_schema temporal temporal
  prod_temporal_schema temporal_visibility visibility
  prod_temporal_config
  prod_temporal_start temporal-core
  # On an empty database each process writes the cluster's metadata row as it starts; two at
  # once and one of them dies of the duplicate (the frontend then serves with no history or
  # matching: "Not enough hosts to serve the request"). The frontend starts once the row is there.
  wait_for "Temporal's cluster metadata" 120 "$(owned_pid prod-temporal-core temporal-server)" \
    prod_temporal_metadata_written ||
    die "Temporal's core wrote no cluster metadata (log .data/logs/prod-temporal-core.log)"
  prod_temporal_start temporal-frontend
  wait_for "Temporal's frontend on $PROD_TEMPORAL_ADDR" 180 "" prod_temporal_serving ||
    die "Temporal's server is not SERVING on $PROD_TEMPORAL_ADDR (logs .data/logs/prod-temporal-*.log)"
  if ! "$TEMPORAL_BIN" --address "$PROD_TEMPORAL_ADDR" operator namespace describe -n "$PROD_TEMPORAL_NAMESPACE" >/dev/null 2>&1; then
    log "creating Temporal namespace $PROD_TEMPORAL_NAMESPACE"
    wait_for "namespace $PROD_TEMPORAL_NAMESPACE" 60 "" "$TEMPORAL_BIN" --address "$PROD_TEMPORAL_ADDR" \
      operator namespace create -n "$PROD_TEMPORAL_NAMESPACE" >/dev/null ||
      die "could not create Temporal namespace $PROD_TEMPORAL_NAMESPACE"
  fi
}

# The fault suite's "restart Temporal's frontend": TERM, wait, start, wait until SERVING.
prod_temporal_restart_frontend() {
  temporal_server_resolve
  temporal_resolve
  stop_owned "prod-temporal-frontend:temporal-server"
  prod_temporal_start temporal-frontend
  wait_for "Temporal's frontend" 120 "" prod_temporal_serving || die "Temporal's frontend did not come back"
}

# --- NATS ----------------------------------------------------------------------------------

prod_nats_url() {
  local node urls=()
  for node in "${PROD_NATS_NODES[@]}"; do urls+=("nats://127.0.0.1:$((PROD_NATS_CLIENT_BASE + node))"); done
  join_by , "${urls[@]}"
}

prod_nats_start() {
  local node=$1 bin other routes=()
  owned_pid "prod-nats-$node" nats-server >/dev/null && return 0
  bin=$(find_bin nats-server) || die "nats-server is not installed: apt-get install -y nats-server"
  for other in "${PROD_NATS_NODES[@]}"; do
    ((other == node)) || routes+=("nats://127.0.0.1:$((PROD_NATS_CLUSTER_BASE + other))")
  done
  mkdir -p "$PROD_DIR/nats-$node"
  log "starting NATS node $node on 127.0.0.1:$((PROD_NATS_CLIENT_BASE + node)) (log .data/logs/prod-nats-$node.log)"
  spawn_owned "prod-nats-$node" "$LOG_DIR/prod-nats-$node.log" "$bin" -a 127.0.0.1 \
    -p "$((PROD_NATS_CLIENT_BASE + node))" -m "$((PROD_NATS_MONITOR_BASE + node))" \
    -n "docket-prod-$node" -js -sd "$PROD_DIR/nats-$node" --cluster_name docket-prod \
    --cluster "nats://127.0.0.1:$((PROD_NATS_CLUSTER_BASE + node))" --routes "$(join_by , "${routes[@]}")"
}

# JetStream answers account info only once the cluster has elected its meta leader.
prod_nats_ready() {
  (cd "$REPO_ROOT" && node "$NATS_CHECK" "127.0.0.1:$((PROD_NATS_CLIENT_BASE + $1))" >/dev/null 2>&1)
}

# /healthz answers ok once the node's JetStream has caught up every stream and consumer it
# holds a replica of: a node back but still catching up is no third vote yet.
prod_nats_current() {
  curl -sf "http://127.0.0.1:$((PROD_NATS_MONITOR_BASE + $1))/healthz" >/dev/null 2>&1
}

prod_nats_up() {
  local node
  for node in "${PROD_NATS_NODES[@]}"; do prod_nats_start "$node"; done
  for node in "${PROD_NATS_NODES[@]}"; do
    wait_for "NATS node $node with JetStream" 60 "" prod_nats_ready "$node" ||
      die "NATS node $node is not ready (log .data/logs/prod-nats-$node.log)"
  done
}

# --- all -----------------------------------------------------------------------------------

prod_infra_up() {
  mkdir -p "$PROD_DIR" "$RUN_DIR" "$LOG_DIR"
  prod_pg_up
  prod_nats_up
  prod_temporal_up
  log "prod infra up: PostgreSQL 127.0.0.1:$PROD_PG_PORT, NATS $(prod_nats_url), Temporal $PROD_TEMPORAL_ADDR (namespace $PROD_TEMPORAL_NAMESPACE)"
}

prod_infra_down() {
  local node specs=("prod-temporal-frontend:temporal-server" "prod-temporal-core:temporal-server")
  for node in "${PROD_NATS_NODES[@]}"; do specs+=("prod-nats-$node:nats-server"); done
  stop_owned "${specs[@]}"
  prod_pg_down
}
