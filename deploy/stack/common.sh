# Shared by start.sh, test.sh and stop.sh.
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
export PATH="$ROOT/node_modules/.bin:$PATH"
export npm_config_loglevel=error npm_config_fund=false npm_config_audit=false NX_DAEMON=false

say() { printf '[docket] %s\n' "$*"; }

# npm ci when node_modules is missing or older than the lock file. The lock file carries every
# platform's optional packages, so `npm ci` must accept it; if it ever refuses, stop and say so
# (a silent `npm install` fallback once hid a lock file that broke every image build).
ensure_node_modules() {
  if [ ! -d "$ROOT/node_modules" ] || [ "$ROOT/package-lock.json" -nt "$ROOT/node_modules/.package-lock.json" ]; then
    say "installing npm dependencies (npm ci)..."
    if ! (cd "$ROOT" && npm ci --no-audit --no-fund >"$ROOT/.npm-install.log" 2>&1); then
      tail -n 20 "$ROOT/.npm-install.log"
      say "npm ci refused package-lock.json (log: .npm-install.log); regenerate it with npm install and commit it"
      exit 1
    fi
  fi
}

services() { (cd "$ROOT" && node -r @swc-node/register deploy/stack/services.ts "$@"); }

build_all() {
  say "building (swc)..."
  bash "$ROOT/deploy/stack/build.sh"
}

# Debian's chromium for the console's browser tests (playwright-core drives it; nothing is
# downloaded from a browser vendor). Installed once, as root, from the distribution.
ensure_chromium() {
  command -v chromium >/dev/null 2>&1 && return 0
  say "installing Debian's chromium for the browser tests (once)..."
  apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium >/dev/null
}
