#!/usr/bin/env bash
# Makes sure the chart tools exist in <repo>/.tools/bin: helm, kube-linter and kubeconform, all
# built from their Go modules at pinned versions. A build takes minutes, so every binary is also kept in a
# per-user cache (${XDG_CACHE_HOME:-$HOME/.cache}/docket/tools/<tool>-<version>) and a fresh
# clone (CI) copies it from there instead of rebuilding.
#
#   bash deploy/tools/ensure-tools.sh [helm] [kube-linter] [kubeconform]     (no argument: all)
#
# Prints nothing on stdout; progress goes to stderr. Exits non-zero with one clear line when a
# tool can be neither found nor built: the chart checks must fail loudly, never skip.
set -euo pipefail

REPO_ROOT=$(cd "$(dirname "$0")/../.." && pwd)
TOOLS_BIN="$REPO_ROOT/.tools/bin"
BUILD_LOG_DIR="$REPO_ROOT/.tools/logs"

# Tried in order: the pin first, the previous release if the pin fails to build.
HELM_VERSIONS=(v3.22.0 v3.21.4)
KUBE_LINTER_VERSIONS=(v0.8.3 v0.8.2)
KUBECONFORM_VERSIONS=(v0.8.0 v0.7.0)

log() { printf '[docket-tools] %s\n' "$*" >&2; }
die() {
  log "error: $*"
  exit 1
}

cache_dir() {
  local base=${XDG_CACHE_HOME:-}
  [[ -n $base ]] || { [[ -n ${HOME:-} ]] && base="$HOME/.cache"; }
  [[ -n $base ]] || return 1
  printf '%s/docket/tools\n' "$base"
}

find_go() {
  if command -v go >/dev/null 2>&1; then
    command -v go
  elif [[ -x /usr/local/go/bin/go ]]; then
    printf '/usr/local/go/bin/go\n'
  else
    return 1
  fi
}

# Copies via a temp name + rename so a concurrent reader never sees half a binary.
copy_atomically() {
  local src=$1 dest=$2
  mkdir -p "$(dirname "$dest")"
  cp "$src" "$dest.tmp.$$" && chmod 755 "$dest.tmp.$$" && mv -f "$dest.tmp.$$" "$dest"
}

versions_of() {
  case $1 in
    helm) printf '%s\n' "${HELM_VERSIONS[@]}" ;;
    kube-linter) printf '%s\n' "${KUBE_LINTER_VERSIONS[@]}" ;;
    kubeconform) printf '%s\n' "${KUBECONFORM_VERSIONS[@]}" ;;
    *) die "unknown tool $1 (known: helm, kube-linter, kubeconform)" ;;
  esac
}

# The version recorded next to .tools/bin/<tool>; empty when there is none.
local_version() {
  local marker="$TOOLS_BIN/$1.version"
  [[ -s $marker ]] && cat "$marker"
  return 0
}

is_pinned() {
  local tool=$1 version=$2 candidate
  while read -r candidate; do
    [[ $candidate == "$version" ]] && return 0
  done < <(versions_of "$tool")
  return 1
}

install_local() {
  local tool=$1 version=$2 src=$3
  copy_atomically "$src" "$TOOLS_BIN/$tool"
  printf '%s\n' "$version" >"$TOOLS_BIN/$tool.version"
}

seed_cache() {
  local tool=$1 version=$2 cache
  cache=$(cache_dir) || return 0
  [[ -x $cache/$tool-$version ]] && return 0
  log "caching $tool $version in $cache for fresh clones"
  copy_atomically "$TOOLS_BIN/$tool" "$cache/$tool-$version" || log "could not write $cache (continuing)"
}

from_cache() {
  local tool=$1 cache version
  cache=$(cache_dir) || return 1
  while read -r version; do
    if [[ -x $cache/$tool-$version ]]; then
      log "copying $tool $version from $cache into .tools/bin"
      install_local "$tool" "$version" "$cache/$tool-$version"
      return 0
    fi
  done < <(versions_of "$tool")
  return 1
}

# Runs a build in the background with a progress line every 30 s, so CI logs show it is alive.
run_with_progress() {
  local label=$1 logfile=$2 pid elapsed=0
  shift 2
  "$@" >>"$logfile" 2>&1 &
  pid=$!
  while kill -0 "$pid" 2>/dev/null; do
    sleep 1
    elapsed=$((elapsed + 1))
    ((elapsed % 30 == 0)) && log "  still building $label (${elapsed}s)"
  done
  wait "$pid"
}

build_helm() {
  local go=$1 version=$2 out=$3 logfile=$4
  GOBIN=$(dirname "$out") run_with_progress "helm $version" "$logfile" \
    "$go" install "helm.sh/helm/v3/cmd/helm@$version"
  [[ $(dirname "$out")/helm == "$out" ]] || mv -f "$(dirname "$out")/helm" "$out"
}

# kubeconform validates rendered manifests against Kubernetes JSON schemas (vendored in
# helm/docket/ci/schemas, so it never downloads any).
build_kubeconform() {
  local go=$1 version=$2 out=$3 logfile=$4
  GOBIN=$(dirname "$out") run_with_progress "kubeconform $version" "$logfile" \
    "$go" install "github.com/yannh/kubeconform/cmd/kubeconform@$version"
  [[ $(dirname "$out")/kubeconform == "$out" ]] || mv -f "$(dirname "$out")/kubeconform" "$out"
}

# kube-linter's module path is golang.stackrox.io/kube-linter. Some module proxies only allow
# well-known hosts, so when `go install` of the vanity path fails, the same release is built
# through its GitHub path with a replace directive in a throw-away module (same source, same
# go.sum checks).
build_kube_linter() {
  local go=$1 version=$2 out=$3 logfile=$4 module
  if GOBIN=$(dirname "$out") run_with_progress "kube-linter $version" "$logfile" \
    "$go" install "golang.stackrox.io/kube-linter/cmd/kube-linter@$version"; then
    return 0
  fi
  log "  golang.stackrox.io is unreachable; building kube-linter $version from github.com/stackrox/kube-linter"
  module=$(mktemp -d)
  local status=0
  (cd "$module" &&
    "$go" mod init docket.local/kube-linter-build >>"$logfile" 2>&1 &&
    "$go" mod edit -require="golang.stackrox.io/kube-linter@$version" \
      -replace="golang.stackrox.io/kube-linter=github.com/stackrox/kube-linter@$version" &&
    run_with_progress "kube-linter $version" "$logfile" \
      "$go" build -mod=mod -trimpath -o "$out" golang.stackrox.io/kube-linter/cmd/kube-linter) ||
    status=$?
  rm -rf "$module"
  return $status
}

build_tool() {
  local tool=$1 go version logfile="$BUILD_LOG_DIR/$1-build.log" staging cache
  go=$(find_go) || die "$tool is missing and Go is needed to build it once: install Go (https://go.dev/dl) or apt-get install -y golang"
  mkdir -p "$BUILD_LOG_DIR"
  staging=$(mktemp -d)
  while read -r version; do
    log "building $tool $version with $go (one-off, a few minutes; log .tools/logs/$tool-build.log)"
    if "build_${tool//-/_}" "$go" "$version" "$staging/$tool" "$logfile" && [[ -x $staging/$tool ]]; then
      install_local "$tool" "$version" "$staging/$tool"
      rm -rf "$staging"
      log "built $tool $version"
      if cache=$(cache_dir); then
        copy_atomically "$TOOLS_BIN/$tool" "$cache/$tool-$version" || log "could not write $cache (continuing)"
      fi
      return 0
    fi
    log "building $tool $version failed"
  done < <(versions_of "$tool")
  rm -rf "$staging"
  tail -n 20 "$logfile" >&2 || true
  die "could not build $tool (tried $(versions_of "$tool" | tr '\n' ' ')); see $logfile"
}

ensure_tool() {
  local tool=$1 version
  version=$(local_version "$tool")
  if [[ -x $TOOLS_BIN/$tool && -n $version ]] && is_pinned "$tool" "$version"; then
    seed_cache "$tool" "$version"
    return 0
  fi
  from_cache "$tool" || build_tool "$tool"
}

main() {
  local tools=("$@")
  ((${#tools[@]} > 0)) || tools=(helm kube-linter kubeconform)
  mkdir -p "$TOOLS_BIN"
  # One build at a time per checkout: two test processes must not race on the same binary.
  exec 8>"$TOOLS_BIN/.ensure-tools.lock"
  flock 8
  local tool
  for tool in "${tools[@]}"; do
    versions_of "$tool" >/dev/null
    ensure_tool "$tool"
  done
}

main "$@"
