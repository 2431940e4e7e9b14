#!/usr/bin/env bash
# tsc over the whole workspace as two programs (the Node packages; the browser-side packages and the
# whole-system tests), both run even when the first fails. infra/build/typecheck-configs.test.ts checks that
# they cover every package's own tsconfig.json.
set -uo pipefail
cd "${BM_ROOT:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}"
status=0
tsc -p tsconfig.typecheck-node.json || status=1
tsc -p tsconfig.typecheck-web.json || status=1
exit "$status"
