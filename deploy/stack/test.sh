#!/usr/bin/env bash
# npm test: format, lint, types, then unit, integration and end-to-end tests against the real
# infrastructure and a test stack of all six services (own database, subjects and ports).
set -euo pipefail
source "$(dirname "$0")/common.sh"
cd "$ROOT"

ensure_node_modules
bash deploy/stack/infra.sh up

say "format (prettier --check)..."
prettier --check . --log-level warn
say "lint (eslint)..."
nx show projects >/dev/null # caches the project graph that the module-boundary rule reads
eslint . --max-warnings=0
say "types (tsc)..."
tsc -p tsconfig.json --noEmit

build_all
say "resetting the test database..."
services down test >/dev/null
services reset-db test
services migrate test
trap 'services down test >/dev/null 2>&1 || true' EXIT
services up test

say "jest: unit, integration, e2e..."
report="$ROOT/.data/jest-report.json"
set +e
jest --maxWorkers=2 --json --outputFile="$report" "$@"
status=$?
set -e
node -e '
  const r = require(process.argv[1]);
  console.log(`tests: ${r.numPassedTests} passed, ${r.numFailedTests + r.numRuntimeErrorTestSuites} failed`);
' "$report" || true
exit $status
