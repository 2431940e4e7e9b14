#!/usr/bin/env bash
# Security checks of the tree, run by hand or in CI (not by `npm test`: the advisory check needs the
# registry's audit endpoint):
#   1. `pnpm audit --prod --audit-level high` — production dependencies with a high or critical advisory;
#   2. a secret scan of every tracked file (e2e/security/src/secret-scan.ts, also a test).
# Prints one summary line per check. Exit 0: both clean. Exit 1: an advisory or a secret was found.
# Exit 2: the advisory database could not be reached (a registry mirror without the audit endpoint),
# so nothing is known about advisories — never reported as a pass.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"
bm() { bash infra/bin/bm "$@"; }

bm install >/dev/null || { echo "[audit] dependency install failed" >&2; exit 1; }

status=0
echo "[audit] pnpm audit --prod --audit-level high"
audit_out="$(bm exec pnpm audit --prod --audit-level high 2>&1)"
audit_rc=$?
printf '%s\n' "$audit_out"
if grep -qE 'ERR_PNPM_AUDIT_BAD_RESPONSE|ERR_PNPM_AUDIT_ENDPOINT|ENOTFOUND|ECONNREFUSED|ETIMEDOUT|EAI_AGAIN' <<<"$audit_out"; then
  audit_summary="advisories: NOT CHECKED — the audit endpoint of $(bm exec pnpm config get registry 2>/dev/null) did not answer"
  status=2
elif [ "$audit_rc" -ne 0 ]; then
  audit_summary="advisories: high or critical advisories in production dependencies (see above)"
  status=1
else
  audit_summary="advisories: no high or critical advisory in production dependencies"
fi

echo "[audit] secret scan of tracked files"
scan_out="$(bm exec tsx e2e/security/src/secret-scan-cli.ts 2>&1)"
scan_rc=$?
printf '%s\n' "$scan_out"
if [ "$scan_rc" -ne 0 ]; then
  status=1
fi

echo
echo "[audit] $audit_summary"
echo "[audit] $(tail -n 1 <<<"$scan_out")"
exit $status
