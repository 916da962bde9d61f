#!/usr/bin/env bash
# Compiles TypeScript to dist/ with swc (type checking is a separate step: npm run typecheck).
# With a path argument (apps/gateway) it compiles that project and the libraries it uses.
set -euo pipefail
cd "$(dirname "$0")/../.."
targets=("${@:-apps}")
[ "$#" -gt 0 ] && targets+=(libs)
[ "$#" -eq 0 ] && targets+=(libs)
npx swc "${targets[@]}" -d dist --copy-files --extensions .ts --quiet \
  --ignore '**/*.spec.ts,**/*.int-spec.ts,**/*.e2e-spec.ts,apps/console/**' >/dev/null
# The review console (apps/console): a Vite build into dist/apps/console, served under /console.
if [ "$#" -eq 0 ] || [[ " $* " == *" apps/console "* ]] || [[ " $* " == *" apps/gateway "* ]]; then
  npx vite build --config apps/console/vite.config.mts >/dev/null
fi
