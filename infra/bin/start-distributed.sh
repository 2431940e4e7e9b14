#!/usr/bin/env bash
# `npm run start:distributed`: every service as its own process against real Postgres, Kafka and Redis
# (infra:up starts or finds them), after migrate + seed and the web build. The orchestration — ports,
# environment, prefixed logs, TRACKING_REPLICAS, Ctrl-C — is infra/local/run-distributed.ts.
set -euo pipefail
cd "$BM_ROOT"

tsx infra/local/up.ts
tsx packages/db/src/cli/migrate.ts
tsx packages/db/src/cli/seed.ts
# shellcheck source=web-build.sh
source infra/bin/web-build.sh
bm_build_web_if_stale
exec tsx infra/local/run-distributed.ts "$@"
