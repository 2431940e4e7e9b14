#!/usr/bin/env bash
# Sourced by start.sh and start-distributed.sh: builds the two web apps (web-public, web-admin) when a
# build is missing or older than any of its sources — its own files or the workspace packages it bundles.
# turbo then rebuilds only what changed (or restores it from its cache).

bm_web_is_stale() { # <app dir>: true when <app>/dist is missing or older than a source
  local app="$1" built="$1/dist/index.html" sources=()
  [ -f "$built" ] || return 0
  for s in "$app/src" "$app/public" "$app/index.html" "$app/vite.config.ts" "$app/package.json" \
           packages/contracts/src packages/health/src; do
    [ -e "$s" ] && sources+=("$s")
  done
  [ -n "$(find "${sources[@]}" -newer "$built" -print -quit 2>/dev/null)" ]
}

bm_build_web_if_stale() {
  if bm_web_is_stale web-public || bm_web_is_stale web-admin; then
    echo "[start] building the web apps (web-public, web-admin) …"
    if turbo run build --filter=@bodymetrics/web-public --filter=@bodymetrics/web-admin --output-logs=errors-only; then
      # turbo compares contents and may restore a build from its cache with its old times: mark both
      # builds as checked now, so the next start does not ask turbo again for nothing.
      touch web-public/dist/index.html web-admin/dist/index.html 2>/dev/null || true
    else
      echo "[start] the web build failed; the API still runs and the pages say they are not built" >&2
    fi
  fi
}
