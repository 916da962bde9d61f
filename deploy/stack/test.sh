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
tsc -p apps/console/tsconfig.json
ensure_chromium

build_all
say "resetting the test database..."
services down test >/dev/null
services reset-db test
services migrate test
trap 'services down test >/dev/null 2>&1 || true' EXIT
services up test

say "jest: unit, integration, e2e (all projects but e2e-serial)..."
report="$ROOT/.data/jest-report.json"
serial_report="$ROOT/.data/jest-serial-report.json"
set +e
jest --maxWorkers=2 --ignoreProjects e2e-serial --json --outputFile="$report" "$@"
status=$?
say "jest: e2e suites that restart stack processes, one at a time..."
jest --runInBand --selectProjects e2e-serial --passWithNoTests --json --outputFile="$serial_report" "$@"
serial_status=$?
set -e
node -e '
  const reports = process.argv.slice(1).map((file) => require(file));
  const sum = (key) => reports.reduce((total, r) => total + r[key], 0);
  console.log(`tests: ${sum("numPassedTests")} passed, ${sum("numFailedTests") + sum("numRuntimeErrorTestSuites")} failed`);
' "$report" "$serial_report" || true
[ "$status" -eq 0 ] && exit "$serial_status"
exit "$status"
