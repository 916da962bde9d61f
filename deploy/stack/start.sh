#!/usr/bin/env bash
# npm start: the whole stack with its embedded defaults, then the API on http://localhost:3000.
set -euo pipefail
source "$(dirname "$0")/common.sh"
cd "$ROOT"

ensure_node_modules
bash deploy/stack/infra.sh up
build_all
services migrate dev

credentials="$ROOT/.data/demo-credentials.json"
result=$(node -r ./deploy/runtime/aliases.js dist/apps/identity/src/cli.js bootstrap --org "Demo Insurance" --admin-email admin@demo.docket.local --if-empty)
if ! grep -q skipped <<<"$result"; then
  printf '%s\n' "$result" >"$credentials"
  say "bootstrapped the demo organization"
fi

services up dev
say "demo organization (also in .data/demo-credentials.json; the API key is shown only here):"
if [ -f "$credentials" ]; then cat "$credentials"; else say "  (created earlier by another checkout; run npm run docket -- bootstrap for a new one)"; fi
# The demo: a reviewer who signs in at the local IdP, and a live flow writing back to the receiver.
# A failed demo set-up leaves the stack itself usable, so it is reported, not fatal.
node -r @swc-node/register deploy/stack/demo.ts dev || say "demo set-up failed (see above); the API still runs"
say "gateway:  http://localhost:3000"
say "OpenAPI:  http://localhost:3000/openapi.json  (Swagger UI: http://localhost:3000/docs)"
say "stop with: npm run stop"
