#!/usr/bin/env bash
# npm run stop: stops the services and whatever infrastructure npm start itself started.
set -euo pipefail
source "$(dirname "$0")/common.sh"
cd "$ROOT"
services down dev || true
services down test || true
bash deploy/stack/infra.sh down
