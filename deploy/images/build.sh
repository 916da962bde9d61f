#!/usr/bin/env bash
# npm run images: builds every target of deploy/docker/Dockerfile with podman, reports each
# image's size, and checks each runs as non-root on a read-only root filesystem with its native
# modules loading (deploy/images/image-check.cjs), and fails when an image is larger than its
# size budget (below). Slow (minutes; the first run downloads the base and every dependency), so
# it is its own command and not part of npm test.
#
#   npm run images                                    # bases built here (deploy/images/base.sh)
#   DOCKET_BASE_IMAGE=node:22.23.3-bookworm-slim npm run images   # where registries are reachable
#     (DOCKET_RUNTIME_IMAGE, the base the images run on, defaults to DOCKET_BASE_IMAGE there)
#   DOCKET_IMAGE_TAG=dev                              # tag of localhost/docket/<target> (default dev)
set -euo pipefail
cd "$(dirname "$0")/../.."
source deploy/images/common.sh

TARGETS=(gateway identity files flows items worker migrations)
# Size budgets in MB (1 MB = 10^6 bytes, as podman reports): a service without document work
# carries Node and its own packages; files, flows and worker also carry pdf.js and tesseract's
# models, WordNet, or Temporal's native core and webpack.
declare -A BUDGET_MB=([gateway]=250 [identity]=250 [items]=250 [migrations]=250 [files]=450 [flows]=450 [worker]=450)
TAG="${DOCKET_IMAGE_TAG:-dev}"
if [[ -n "${DOCKET_BASE_IMAGE:-}" ]]; then
  BASE="$DOCKET_BASE_IMAGE"
  RUNTIME="${DOCKET_RUNTIME_IMAGE:-$DOCKET_BASE_IMAGE}"
else
  BASE="$(bash deploy/images/base.sh build)"
  RUNTIME="${DOCKET_RUNTIME_IMAGE:-$(bash deploy/images/base.sh runtime)}"
fi
# npm inside the build trusts what npm here trusts: this machine's egress proxy re-signs TLS with
# its own CA, which is in the host's bundle (deploy/docker/npm-ci.sh).
CA="${DOCKET_NPM_CA:-$(npm config get cafile 2>/dev/null)}"
SECRET=()
[[ -s "$CA" ]] && SECRET=(--secret "id=npm-ca,src=$CA")

for target in "${TARGETS[@]}"; do
  started=$SECONDS
  # docker format: OCI images have no HEALTHCHECK, and the images carry one.
  "${PODMAN[@]}" build --quiet --format docker "${LIMITS[@]}" --network host "${SECRET[@]}" \
    --ignorefile deploy/docker/Dockerfile.dockerignore -f deploy/docker/Dockerfile \
    --build-arg "BASE_IMAGE=$BASE" --build-arg "RUNTIME_IMAGE=$RUNTIME" --target "$target" -t "localhost/docket/$target:$TAG" . >/dev/null
  echo "built localhost/docket/$target:$TAG in $((SECONDS - started)) s"
done

over=()
printf '\n%-34s %10s %8s  %s\n' IMAGE SIZE BUDGET CHECK
for target in "${TARGETS[@]}"; do
  image="localhost/docket/$target:$TAG"
  user="$("${PODMAN[@]}" image inspect --format '{{.Config.User}}' "$image")"
  if [[ -z "$user" || "${user%%:*}" == 0 || "${user%%:*}" == root ]]; then
    echo "$image: USER is '${user}', not a non-root uid" >&2
    exit 1
  fi
  size="$("${PODMAN[@]}" image inspect --format '{{.Size}}' "$image")"
  # The image's own user (no --user), read-only root, /tmp as the only writable place: the
  # settings of the chart and compose.
  result="$("${PODMAN[@]}" run --rm "${LIMITS[@]}" --network none --read-only --tmpfs /tmp \
    --cap-drop ALL --security-opt no-new-privileges --health-cmd none \
    -v "$PWD/deploy/images/image-check.cjs:/check/image-check.cjs:ro" \
    -v "$PWD/deploy/images/image-contents.json:/check/image-contents.json:ro" \
    "$image" node /check/image-check.cjs)"
  mb=$((size / 1000000))
  budget="${BUDGET_MB[$target]}"
  verdict=ok
  ((mb <= budget)) || { verdict="OVER BUDGET"; over+=("$target ($mb MB > $budget MB)"); }
  printf '%-34s %7d MB %5d MB  %s, size %s\n' "$image" "$mb" "$budget" "$result" "$verdict"
done
if ((${#over[@]})); then
  echo "images over their size budget: ${over[*]}" >&2
  exit 1
fi
