#!/usr/bin/env bash
# The style guards that `npm test` runs before the tests (also alone: `bash infra/bin/bm guards`):
#   prettier  every file formatted (`prettier --check .`; `npm run format` fixes)
#   sherif    the workspace is consistent: sorted dependencies, one version of each across packages, only
#             devDependencies at the root, no package depending on itself…
#   eslint    the type-checked rules of eslint.config.js, one process over the whole tree, no warning
#   tsc       every package, as two programs: tsconfig.typecheck-node.json and tsconfig.typecheck-web.json (one
#             program checks each workspace source once; per package, turbo took ~200 s on 2 cores, these ~30 s)
# Every guard runs even when one before it failed. Each one's result is a line "<guard> ok|failed <seconds>"
# in var/test-results/guards.txt, read by test.sh for its summary. Exit: the number of failed guards.
# Caches for a quicker second run (a clean clone starts without them): eslint and prettier in var/cache/,
# and tsc's incremental state in node_modules/.cache/ (the two typecheck configs).
# eslint's cache keys a file by its own content: a type-aware finding that a change in another file brings
# (a function that now returns a promise) can hide until that file changes or `rm -rf var/cache`; CI starts
# without the cache.
set -uo pipefail
cd "${BM_ROOT:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}"
mkdir -p var/test-results var/cache
results=var/test-results/guards.txt
: > "$results"
failed=0

guard() { # guard <name> <command…>
  local name="$1" started
  shift
  started=$(date +%s)
  echo "[guards] $name"
  if "$@"; then
    echo "$name ok $(( $(date +%s) - started ))" >> "$results"
  else
    echo "$name failed $(( $(date +%s) - started ))" >> "$results"
    echo "[guards] $name FAILED" >&2
    failed=$((failed + 1))
  fi
}

guard prettier prettier --check --log-level warn --cache --cache-location var/cache/prettier .
guard sherif sherif
# Type-aware linting of the whole tree in one process peaks near 6 GB: the heap is raised for it.
guard eslint env NODE_OPTIONS="${NODE_OPTIONS:-} --max-old-space-size=8192" \
  eslint --max-warnings=0 --cache --cache-strategy content --cache-location var/cache/eslint .
guard tsc bash infra/bin/typecheck.sh

sed 's/^/[guards] /' "$results"
exit "$failed"
