#!/bin/sh
# The migrations image's entry point: applies each service's schema migrations in the order the
# local stack uses (deploy/stack/services.ts) and stops at the first failure, so a Helm
# pre-upgrade hook fails the release before any new pod starts.
set -eu
cd "$(dirname "$0")/../.."
for service in identity files items flows; do
  node --enable-source-maps -r ./deploy/runtime/aliases.js "dist/apps/$service/src/migrate.js"
done
