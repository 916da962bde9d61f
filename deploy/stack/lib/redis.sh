# shellcheck shell=bash
# Redis (gateway rate-limit counters): reuse one on 127.0.0.1:$DOCKET_REDIS_PORT,
# otherwise run our own without persistence (counters are disposable).

REDIS_PORT=${DOCKET_REDIS_PORT:-6379}
REDIS_ADDR="127.0.0.1:$REDIS_PORT"
# What our process's command line contains; tells our pid from a recycled one.
REDIS_PROC="redis-server"

# Speaks RESP over /dev/tcp so the check needs neither redis-cli nor nc. Prints the
# server's first reply line (+PONG, or e.g. -NOAUTH when a password is required).
# Connecting to 127.0.0.1 never hangs; `read -t` bounds a server that never replies.
redis_reply() {
  (
    exec 3<>"/dev/tcp/127.0.0.1/$REDIS_PORT" || exit 1
    printf 'PING\r\n' >&3
    IFS= read -r -t 2 line <&3 || exit 1
    printf '%s\n' "${line%$'\r'}"
  ) 2>/dev/null
}

redis_pong() {
  [[ $(redis_reply) == +PONG ]]
}

redis_start_ours() {
  local bin pid logfile="$LOG_DIR/redis.log"
  bin=$(find_bin redis-server) || die "Redis is not running on $REDIS_ADDR and not installed: apt-get install -y redis-server"
  mkdir -p "$DATA_DIR/redis"
  log "starting redis-server on $REDIS_ADDR (log .data/logs/redis.log)"
  spawn_owned redis "$logfile" "$bin" --daemonize no --bind 127.0.0.1 --port "$REDIS_PORT" \
    --save "" --appendonly no --dir "$DATA_DIR/redis"
  pid=$(<"$(pid_file redis)")
  if ! wait_for "Redis on $REDIS_ADDR" 20 "$pid" redis_pong; then
    show_log_tail "$logfile"
    die "redis-server did not become ready (log: $logfile)"
  fi
  set_origin redis started
}

redis_up() {
  local pid reply
  if pid=$(owned_pid redis "$REDIS_PROC"); then
    wait_for "Redis on $REDIS_ADDR" 20 "$pid" redis_pong ||
      die "our redis-server (pid $pid) does not answer on $REDIS_ADDR (log: $LOG_DIR/redis.log)"
    set_origin redis ours
  elif port_open 127.0.0.1 "$REDIS_PORT"; then
    reply=$(redis_reply) || true
    [[ $reply == +PONG ]] || die "something on $REDIS_ADDR does not answer PING with PONG (got '${reply:-nothing}'); the gateway needs a password-less Redis there"
    set_origin redis external
  else
    redis_start_ours
  fi
}


redis_status() {
  if redis_pong; then
    log "redis     up    $(ownership redis "$REDIS_PROC")  $REDIS_ADDR"
  else
    log "redis     down  $REDIS_ADDR"
    return 1
  fi
}
