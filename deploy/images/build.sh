#!/usr/bin/env bash
# npm run images: builds every target of deploy/docker/Dockerfile with podman, reports each
# image's size, and checks each runs as non-root on a read-only root filesystem with its native
# modules loading (deploy/images/image-check.cjs). Slow (minutes; the first run downloads the
# base and every dependency), so it is its own command and not part of npm test.
#
#   npm run images                                    # base image built here (deploy/images/base.sh)
#   DOCKET_BASE_IMAGE=node:22.23.3-bookworm-slim npm run images   # where registries are reachable
#   DOCKET_IMAGE_TAG=dev                              # tag of localhost/docket/<target> (default dev)
set -euo pipefail
cd "$(dirname "$0")/../.."
source deploy/images/common.sh

TARGETS=(gateway identity files flows items worker migrations)
TAG="${DOCKET_IMAGE_TAG:-dev}"
BASE="${DOCKET_BASE_IMAGE:-$(bash deploy/images/base.sh)}"
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
    --build-arg "BASE_IMAGE=$BASE" --target "$target" -t "localhost/docket/$target:$TAG" . >/dev/null
  echo "built localhost/docket/$target:$TAG in $((SECONDS - started)) s"
done

printf '\n%-34s %10s  %s\n' IMAGE SIZE CHECK
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
    "$image" node /check/image-check.cjs)"
  printf '%-34s %7d MB  %s\n' "$image" $((size / 1000000)) "$result"
done
