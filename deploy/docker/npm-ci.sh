#!/bin/sh
# npm ci of the image builds (arguments are added, e.g. --omit=dev). Where egress passes a
# TLS-inspecting proxy, the build passes the host's CA bundle as the build secret npm-ca
# (deploy/images/build.sh does); elsewhere the secret is absent and npm's own roots apply.
# The npm cache is a build cache mount, so nothing of it lands in a layer.
set -eu
if [ -s /run/secrets/npm-ca ]; then
  export npm_config_cafile=/run/secrets/npm-ca
fi
npm ci --ignore-scripts --no-audit --no-fund "$@"
