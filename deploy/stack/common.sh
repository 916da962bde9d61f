# Shared by start.sh, test.sh and stop.sh.
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
export PATH="$ROOT/node_modules/.bin:$PATH"
export npm_config_loglevel=error npm_config_fund=false npm_config_audit=false NX_DAEMON=false

say() { printf '[docket] %s\n' "$*"; }

# npm ci when node_modules is missing or older than the lock file.
ensure_node_modules() {
  if [ ! -d "$ROOT/node_modules" ] || [ "$ROOT/package-lock.json" -nt "$ROOT/node_modules/.package-lock.json" ]; then
    say "installing npm dependencies (npm ci)..."
    # npm 11 sometimes writes lock files without other platforms' optional packages and then
    # refuses them in `npm ci`; `npm install` honours the same locked versions and fills the gap.
    if ! (cd "$ROOT" && npm ci --no-audit --no-fund >"$ROOT/.npm-install.log" 2>&1); then
      say "npm ci refused the lock file; installing the locked versions with npm install..."
      (cd "$ROOT" && npm install --no-audit --no-fund >"$ROOT/.npm-install.log" 2>&1) ||
        { tail -n 20 "$ROOT/.npm-install.log"; exit 1; }
    fi
  fi
}

services() { (cd "$ROOT" && node -r @swc-node/register deploy/stack/services.ts "$@"); }

build_all() {
  say "building (swc)..."
  bash "$ROOT/deploy/stack/build.sh"
}
