#!/usr/bin/env bash
# Runs the whole of Docket from the built images (npm run images first) against the PostgreSQL,
# NATS, Redis, Temporal and Azurite already running here, and smokes it through the image
# gateway. Slow, separate from npm test:
#
#   npm run images:smoke [-- sandbox4]
#
# 1. the profile's database is recreated and the migrations image applies every schema;
# 2. the six service containers start (host network, the profile's ports, NATS prefix and
#    database, so nothing collides with other profiles), each timed until /readyz answers 200;
# 3. probes: /healthz and /readyz of every container, and podman's run of each HEALTHCHECK;
# 4. the black-box smoke, e2e suites through the image gateway: token exchange, upload to
#    READY, a flow run to review, submit, write-back received; page images and words of text
#    PDFs and scans (the files image's renderer and OCR, which it carries file by file);
# 5. graceful shutdown: each container gets SIGTERM and must exit 0 within its grace period.
set -euo pipefail
cd "$(dirname "$0")/../.."
source deploy/images/common.sh

PROFILE="${1:-sandbox4}"
TAG="${DOCKET_IMAGE_TAG:-dev}"
GRACE_SECONDS=30 # the chart's terminationGracePeriodSeconds
SERVICES=(identity files items flows worker gateway)
TS=(node -r @swc-node/register)
ENV_DIR="$(mktemp -d)"
name() { echo "docket-$PROFILE-$1"; }

remove_containers() {
  for service in "${SERVICES[@]}"; do "${PODMAN[@]}" rm -f -t 0 "$(name "$service")" >/dev/null 2>&1 || true; done
}
trap 'remove_containers; rm -rf "$ENV_DIR"' EXIT

port() { grep '^HTTP_PORT=' "$ENV_DIR/$1.env" | cut -d= -f2; }
status_of() { curl -s -o /dev/null -w '%{http_code}' --max-time 3 "http://127.0.0.1:$1$2" || true; }
run_args() { # service -> the container settings of the chart: read-only root, no capabilities
  # No systemd here to schedule HEALTHCHECK; the probes step runs it on demand instead.
  echo --network host --read-only --tmpfs /tmp:size=256m --cap-drop ALL \
    --security-opt no-new-privileges --health-interval disable --env-file "$ENV_DIR/$1.env"
}

for service in "${SERVICES[@]}"; do
  "${TS[@]}" deploy/images/service-env.ts "$PROFILE" "$service" >"$ENV_DIR/$service.env"
  "${PODMAN[@]}" image exists "localhost/docket/$service:$TAG" \
    || { echo "localhost/docket/$service:$TAG missing: run npm run images first" >&2; exit 1; }
done

# The profile's processes or an earlier run's containers would hold the same ports.
"${TS[@]}" deploy/stack/services.ts down "$PROFILE" >/dev/null
remove_containers
"${TS[@]}" deploy/stack/services.ts reset-db "$PROFILE"

echo "== migrations image"
# shellcheck disable=SC2046
"${PODMAN[@]}" run --rm "${LIMITS[@]}" $(run_args identity) "localhost/docket/migrations:$TAG"

echo "== services"
for service in "${SERVICES[@]}"; do
  started=$(date +%s%N)
  # shellcheck disable=SC2046
  "${PODMAN[@]}" run -d --name "$(name "$service")" "${LIMITS[@]}" $(run_args "$service") \
    --stop-timeout "$GRACE_SECONDS" "localhost/docket/$service:$TAG" >/dev/null
  until [[ "$(status_of "$(port "$service")" /readyz)" == 200 ]]; do
    if [[ "$("${PODMAN[@]}" inspect --format '{{.State.Running}}' "$(name "$service")")" != true ]]; then
      "${PODMAN[@]}" logs --tail 30 "$(name "$service")" >&2
      echo "$service exited before it was ready" >&2
      exit 1
    fi
    if (($(date +%s%N) - started > 120000000000)); then echo "$service not ready in 120 s" >&2; exit 1; fi
    sleep 0.2
  done
  echo "$service ready on :$(port "$service") in $((($(date +%s%N) - started) / 1000000)) ms"
done

echo "== probes"
for service in "${SERVICES[@]}"; do
  for probe in /healthz /readyz; do
    code="$(status_of "$(port "$service")" "$probe")"
    [[ "$code" == 200 ]] || { echo "$service $probe answered $code" >&2; exit 1; }
  done
  "${PODMAN[@]}" healthcheck run "$(name "$service")" >/dev/null \
    || { echo "$service HEALTHCHECK failed" >&2; exit 1; }
  echo "$service /healthz 200, /readyz 200, HEALTHCHECK healthy"
done

echo "== smoke through the image gateway"
# Organizations are bootstrapped with the identity image's operator CLI (libs/testing stack.ts).
DOCKET_TEST_IDENTITY_EXEC="${PODMAN[*]} exec $(name identity)" DOCKET_TEST_PROFILE="$PROFILE" \
  npx jest "${SMOKE_SUITES[@]}" --selectProjects e2e

echo "== graceful shutdown (SIGTERM, exit 0 within ${GRACE_SECONDS} s)"
# The gateway first, as a rollout drains the edge before what it calls.
for service in gateway worker flows items files identity; do
  started=$(date +%s%N)
  "${PODMAN[@]}" stop -t "$GRACE_SECONDS" "$(name "$service")" >/dev/null
  took=$((($(date +%s%N) - started) / 1000000))
  code="$("${PODMAN[@]}" inspect --format '{{.State.ExitCode}}' "$(name "$service")")"
  if [[ "$code" != 0 || "$took" -ge $((GRACE_SECONDS * 1000)) ]]; then
    "${PODMAN[@]}" logs --tail 30 "$(name "$service")" >&2
    echo "$service exited $code after $took ms" >&2
    exit 1
  fi
  echo "$service exited 0 after SIGTERM in $took ms"
done
echo "images smoke passed ($PROFILE)"
