#!/usr/bin/env bash
# `npm start` (after infra/bin/bm brought the toolchain and installed): the whole product in one process,
# the embedded mode of design §3 — PGlite in ./var/pgdata, in-process bus, mail in ./var/mail — on
# http://127.0.0.1:8080 (PORT and HOST override). Builds the web apps first when their build is missing
# or stale.
#   npm start -- admin <create|set-password|disable|enable> …   manages admins in the embedded database
#   npm start -- backup --to <file>                              a snapshot of the embedded database (running or not)
#   npm start -- restore --from <file>                           loads a snapshot into an empty DATA_DIR
set -euo pipefail
cd "$BM_ROOT"

# The one admin command (npm run admin's), pointed at this mode's database: the PGlite folder.
if [ "${1:-}" = admin ]; then
  shift
  exec tsx services/admin-auth/src/cli.ts --embedded "$@"
fi

# Backup and restore of this mode's database (the PGlite folder): npm run backup / restore's own commands.
case "${1:-}" in
  backup) shift; exec tsx packages/db/src/cli/backup.ts "$@";;
  restore) shift; exec tsx packages/db/src/cli/restore.ts "$@";;
esac

# shellcheck source=web-build.sh
source infra/bin/web-build.sh
bm_build_web_if_stale
# The process runs its build (one bundle, no TypeScript loader: the embedded mode's memory bound), rebuilt every start
# (esbuild, well under a second), under the Node settings of services/embedded/node.env.
pnpm --silent --filter @bodymetrics/embedded run build >/dev/null || { echo "[start] the embedded build failed" >&2; exit 1; }
set -a
# shellcheck source=../../services/embedded/node.env
source services/embedded/node.env
set +a
exec node services/embedded/dist/main.js "$@"
