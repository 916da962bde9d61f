# Shared by the image scripts: the Node release the images run on, the artefact cache, and the
# podman options these machines need (see docs/operations.md, "Container images").
# shellcheck shell=bash

# Node 22 LTS for production images; npm 10 is the npm Node 22 ships with.
DOCKET_NODE_VERSION=22.23.3
DOCKET_NPM_VERSION=10.9.4
CACHE="${DOCKET_IMAGE_CACHE:-$HOME/.cache/docket/images}"
mkdir -p "$CACHE"

# Debian's podman and buildah, installed when missing (the build machines run as root).
if ! command -v podman >/dev/null || ! command -v buildah >/dev/null || ! command -v mmdebstrap >/dev/null || ! command -v runc >/dev/null; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq podman buildah mmdebstrap runc >/dev/null
fi

# crun refuses the hybrid cgroup layout of these hosts and the default ulimits exceed the
# host's own, so builds and containers run with runc, cgroupfs and limits below the host's (runc
# could not set nproc equal to the host's hard limit; a few thousand is plenty for one node).
nofile="$(ulimit -Hn)"
nproc="$(ulimit -Hu)"
[[ "$nproc" == unlimited || "$nproc" -gt 4096 ]] && nproc=4096
PODMAN=(podman --runtime runc --cgroup-manager=cgroupfs)
LIMITS=(--ulimit "nofile=$nofile:$nofile" --ulimit "nproc=$nproc:$nproc")

# The black-box smoke through a gateway run from the images (images:smoke, chart:play): token
# exchange, upload to READY, a flow run to review, submit, write-back received; page images and
# words of text PDFs and scans.
SMOKE_SUITES=(test/e2e/foundation/token-exchange.e2e-spec.ts test/e2e/flows/document-to-write-back.e2e-spec.ts
  test/e2e/files/files-pages.e2e-spec.ts)
