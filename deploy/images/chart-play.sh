#!/usr/bin/env bash
# npm run chart:play: the Helm chart run, not only linted. Renders helm/docket with
# helm/docket/ci/podman-play-values.yaml, starts what it renders with `podman kube play` from the
# images `npm run images` built, against the PostgreSQL, NATS, Redis, Temporal and Azurite
# running here (deploy/stack/infra.sh), and smokes it through the played gateway. Slow (a minute
# or two), separate from npm test:
#
#   npm run chart:play          (DOCKET_IMAGE_TAG: the images' tag, default dev)
#
# 1. render the chart, split it into what kube play runs (deploy/images/kube-play.ts; the
#    objects it leaves out are printed with the reason);
# 2. recreate the play profile's database (docket_play), make sure its Temporal namespace exists,
#    store the Secrets the chart reads;
# 3. the migrations Job, played as a Pod, must exit 0 within the Job's activeDeadlineSeconds;
# 4. the six Deployments, one pod each on the host network, each until its startup probe's path
#    answers 200 within the probe's budget and then its readiness path (podman runs no probes);
#    what podman applied of the pod spec (user, read-only root, capabilities, limits) is checked;
# 5. probes: every pod's liveness and readiness paths answer 200;
# 6. the black-box smoke through the played gateway;
# 7. every pod is stopped with its terminationGracePeriodSeconds and must exit 0 within it;
#    then `podman kube down`.
set -euo pipefail
cd "$(dirname "$0")/../.."
source deploy/images/common.sh

TAG="${DOCKET_IMAGE_TAG:-dev}"
TARGETS=(gateway identity files flows items worker migrations)
TS=(node -r @swc-node/register)
WORK="$(mktemp -d)"
step() { printf '\n== %s\n' "$*"; }
fail() {
  printf '\nchart:play FAILED: %s\n' "$*" >&2
  exit 1
}
millis() { echo $(($(date +%s%N) / 1000000)); }
status_of() { curl -s -o /dev/null -w '%{http_code}' --max-time 3 "http://127.0.0.1:$1$2" || true; }

# kube play takes no --ulimit, so the limits the images need here (common.sh) come from a
# containers.conf of the play's own, which every podman below reads (runtime and cgroup manager
# stay on the command line).
cat >"$WORK/containers.conf" <<EOF
[containers]
default_ulimits = ["nofile=$nofile:$nofile", "nproc=$nproc:$nproc"]
EOF
export CONTAINERS_CONF="$WORK/containers.conf"
# podman turns a livenessProbe into a HEALTHCHECK run by a systemd timer; there is no systemd
# here, and the check it derives could not pass anyway (docs/operations.md), so none is scheduled.
export DISABLE_HC_SYSTEMD=true

remove_play() { # what an earlier or this play left: pods by the release's label, its secrets
  local pods
  pods="$("${PODMAN[@]}" pod ps -q --filter label=app.kubernetes.io/instance=docket-play)"
  # shellcheck disable=SC2086
  [[ -z "$pods" ]] || "${PODMAN[@]}" pod rm -f $pods >/dev/null
  if [[ -d "$WORK/secrets" ]]; then
    for secret in "$WORK"/secrets/*; do "${PODMAN[@]}" secret rm "$(basename "$secret")" >/dev/null 2>&1 || true; done
  fi
}
trap 'remove_play; rm -rf "$WORK"' EXIT

step "images and helm"
for target in "${TARGETS[@]}"; do
  "${PODMAN[@]}" image exists "localhost/docket/$target:$TAG" ||
    fail "localhost/docket/$target:$TAG is missing: run npm run images first"
done
bash deploy/tools/ensure-tools.sh helm || fail "helm is needed to render the chart"
echo "images localhost/docket/*:$TAG present; helm $(.tools/bin/helm version --short)"
# Start times below depend on it: six services start at once on this machine's two cores.
echo "load average $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) CPUs"

step "render helm/docket with helm/docket/ci/podman-play-values.yaml"
"${TS[@]}" deploy/images/kube-play-files.ts "$TAG" "$WORK" || fail "the chart did not render into a play"
echo "played: $(grep -c '^kind: Deployment' "$WORK/services.yaml") Deployments, the migrations Job as a Pod," \
  "$(find "$WORK/secrets" -type f | wc -l) Secrets"

step "database, Temporal namespace, secrets"
remove_play
"${TS[@]}" deploy/stack/services.ts reset-db play || fail "could not recreate docket_play (is deploy/stack/infra.sh up?)"
(
  REPO_ROOT="$PWD"
  source deploy/stack/lib/common.sh
  source deploy/stack/lib/temporal.sh
  temporal_resolve
  temporal_ensure_namespace "$(cat "$WORK/namespace")"
) || fail "could not make sure Temporal namespace $(cat "$WORK/namespace") exists"
echo "Temporal namespace $(cat "$WORK/namespace")"
for secret in "$WORK"/secrets/*; do
  "${PODMAN[@]}" secret create "$(basename "$secret")" "$secret" >/dev/null
  echo "secret $(basename "$secret")"
done

step "migrations (the Job's pod, run once)"
read -r migrations deadline <"$WORK/migrations.tsv"
started=$(millis)
"${PODMAN[@]}" kube play --network host --quiet "$WORK/migrations.yaml" >/dev/null
code="$(timeout "$deadline" "${PODMAN[@]}" wait "$migrations" || echo timeout)"
"${PODMAN[@]}" logs "$migrations" 2>&1 | tail -n 20
[[ "$code" == 0 ]] || fail "migrations exited $code (deadline ${deadline} s)"
"${PODMAN[@]}" kube down "$WORK/migrations.yaml" >/dev/null
echo "migrations exited 0 in $(($(millis) - started)) ms"

step "services (podman kube play --network host)"
started=$(millis)
"${PODMAN[@]}" kube play --network host --quiet "$WORK/services.yaml" >/dev/null ||
  fail "podman kube play refused the Deployments"
echo "podman kube play created and started $(wc -l <"$WORK/pods.tsv") pods in $(($(millis) - started)) ms"
# Every pod is polled on each round, as the kubelet probes each on its own. A start is timed from
# its container's start: its startup probe's path must answer within the probe's budget (the
# kubelet would restart it after that), and its readiness path within the same budget again.
declare -A started_at=() ready=()
while ((${#ready[@]} < $(wc -l <"$WORK/pods.tsv"))); do
  while IFS=$'\t' read -r component pod container port startup_path ready_path _live budget _grace; do
    [[ -z "${ready[$component]:-}" ]] || continue
    since=$((($(date +%s%N) - $("${PODMAN[@]}" inspect --format '{{.State.StartedAt.UnixNano}}' "$container")) / 1000000))
    if [[ -z "${started_at[$component]:-}" && "$(status_of "$port" "$startup_path")" == 200 ]]; then
      started_at[$component]=$since
    fi
    if [[ -n "${started_at[$component]:-}" && "$(status_of "$port" "$ready_path")" == 200 ]]; then
      ready[$component]=$since
      echo "$component: $startup_path 200 after ${started_at[$component]} ms, $ready_path 200 after $since ms (container start to answer; port $port)"
    elif [[ "$("${PODMAN[@]}" inspect --format '{{.State.Running}}' "$container")" != true ]]; then
      "${PODMAN[@]}" logs --tail 30 "$container" >&2
      fail "$component ($pod) exited before it was ready"
    elif [[ -z "${started_at[$component]:-}" ]] && ((since > budget * 1000)); then
      "${PODMAN[@]}" logs --tail 30 "$container" >&2
      fail "$component: $startup_path did not answer 200 within its startup probe's ${budget} s"
    elif ((since > 2 * budget * 1000)); then
      "${PODMAN[@]}" logs --tail 30 "$container" >&2
      fail "$component: $ready_path did not answer 200 within $((2 * budget)) s of its start"
    fi
  done <"$WORK/pods.tsv"
  sleep 0.2
done

step "what podman applied of each pod spec"
# The chart's hardening and limits, as podman set them (docs/operations.md says what it ignores).
while IFS=$'\t' read -r component _pod container _rest; do
  read -r user readonly caps memory quota period options < <("${PODMAN[@]}" inspect --format \
    '{{.Config.User}} {{.HostConfig.ReadonlyRootfs}} {{.EffectiveCaps}} {{.HostConfig.Memory}} {{.HostConfig.CpuQuota}} {{.HostConfig.CpuPeriod}} {{.HostConfig.SecurityOpt}}' "$container")
  [[ "$user" == 1000:1000 && "$readonly" == true && "$caps" == "[]" && "$options" == *no-new-privileges* && "$memory" -gt 0 ]] ||
    fail "$component runs as '$user', read-only root $readonly, capabilities $caps, memory limit $memory, $options"
  echo "$component: user $user, read-only root, no capabilities, no-new-privileges," \
    "memory limit $((memory / 1048576)) MiB, CPU limit $(awk "BEGIN { print $quota / $period }")"
done <"$WORK/pods.tsv"
gateway="$(awk -F'\t' '$1 == "gateway" { print $3 }' "$WORK/pods.tsv")"
echo "gateway livenessProbe as podman's HEALTHCHECK (never scheduled here):" \
  "$("${PODMAN[@]}" inspect --format '{{json .Config.Healthcheck.Test}}' "$gateway")"

step "probes"
while IFS=$'\t' read -r component _pod _container port _startup_path ready live _budget _grace; do
  for path in "$live" "$ready"; do
    code="$(status_of "$port" "$path")"
    [[ "$code" == 200 ]] || fail "$component $path answered $code"
  done
  echo "$component $live 200, $ready 200"
done <"$WORK/pods.tsv"

step "smoke through the played gateway"
identity="$(awk -F'\t' '$1 == "identity" { print $3 }' "$WORK/pods.tsv")"
# Organizations are bootstrapped with the identity pod's operator CLI (libs/testing stack.ts).
DOCKET_TEST_IDENTITY_EXEC="${PODMAN[*]} exec $identity" DOCKET_TEST_PROFILE=play \
  npx jest "${SMOKE_SUITES[@]}" --selectProjects e2e --cacheDirectory /tmp/jest-chart-play ||
  fail "the smoke through the played gateway failed"

step "graceful shutdown (each pod stopped with its terminationGracePeriodSeconds)"
# The gateway first, as a rollout drains the edge before what it calls.
while IFS=$'\t' read -r component pod container _port _startup_path _ready _live _budget grace; do
  started=$(millis)
  "${PODMAN[@]}" pod stop -t "$grace" "$pod" >/dev/null
  took=$(($(millis) - started))
  code="$("${PODMAN[@]}" inspect --format '{{.State.ExitCode}}' "$container")"
  if [[ "$code" != 0 || "$took" -ge $((grace * 1000)) ]]; then
    "${PODMAN[@]}" logs --tail 30 "$container" >&2
    fail "$component exited $code after $took ms (grace $grace s)"
  fi
  echo "$component exited 0 after SIGTERM in $took ms (grace $grace s)"
done < <(grep -P '^gateway\t' "$WORK/pods.tsv"; grep -vP '^gateway\t' "$WORK/pods.tsv")
"${PODMAN[@]}" kube down "$WORK/services.yaml" >/dev/null
echo
echo "chart:play passed: helm/docket played with podman kube play, smoke through its gateway"
