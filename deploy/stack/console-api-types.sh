#!/usr/bin/env bash
# Regenerates the console's API types (apps/console/src/api/schema.d.ts) from a running
# gateway's OpenAPI document: npm run console:api-types [BASE_URL] (default the dev stack).
# test/e2e/console/api-types.e2e-spec.ts fails when the committed file drifts from the document.
set -euo pipefail
cd "$(dirname "$0")/../.."
base="${1:-http://127.0.0.1:3000}"
tmp="$(mktemp)"
trap 'rm -f "$tmp"' EXIT
curl -fsS "$base/openapi.json" -o "$tmp"
npx openapi-typescript "$tmp" -o apps/console/src/api/schema.d.ts
npx prettier --write apps/console/src/api/schema.d.ts >/dev/null
