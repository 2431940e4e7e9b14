#!/usr/bin/env bash
# `npm test`: every test, on a fresh machine too. It sets up what it needs — Chromium for the browser
# tests (Debian's package), the real servers (infra:up: Postgres, Redis, Kafka 3.9.1 from Maven Central),
# the web builds — then runs the unit and integration suites and the whole-system browser tests, and
# ends with one summary line "N passed, N failed". Before all that, the style guards (infra/bin/guards.sh:
# prettier, sherif, eslint, tsc); each guard counts as one test in the summary, and a failed one fails the
# run, but the tests still run. A run of chosen files (`npm test -- <files>`) skips the guards.
set -uo pipefail
cd "$BM_ROOT"
mkdir -p var/test-results && rm -f var/test-results/*.json var/test-results/guards.txt
started=$(date +%s)

status=0
# Formatting, workspace consistency, lint, types: before the tests, which run whatever they find.
if [ $# -eq 0 ]; then bash infra/bin/guards.sh || status=1; fi

if ! command -v chromium >/dev/null 2>&1; then
  echo "[test] installing Chromium (Debian package) for the browser tests"
  if [ "$(id -u)" = 0 ]; then (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) || echo "[test] could not install chromium" >&2
  else (sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) || echo "[test] could not install chromium" >&2
  fi
fi

tsx infra/local/up.ts || { echo "[test] infra:up failed"; exit 1; }
turbo run build --filter=@bodymetrics/web-public --filter=@bodymetrics/web-admin --output-logs=errors-only || { echo "[test] web build failed"; exit 1; }

# Unit + integration tests (real Postgres, Kafka, Redis, in-process SMTP peer).
vitest run --reporter=default --reporter=json --outputFile=var/test-results/unit.json "$@" || status=1
# Whole-system browser tests, when present (they start the services themselves).
if [ -f e2e/vitest.config.ts ] && [ $# -eq 0 ]; then
  vitest run --config e2e/vitest.config.ts --reporter=default --reporter=json --outputFile=var/test-results/e2e.json || status=1
fi
# Fault injection (stops and restarts the shared Postgres, Kafka and Redis) and bad-input fuzzing: last, alone.
[ $# -eq 0 ] && { vitest run --config e2e/faults/vitest.config.ts --reporter=default --reporter=json --outputFile=var/test-results/faults.json || status=1; }

node -e '
  const fs = require("fs");
  let passed = 0, failed = 0, skipped = 0;
  // What failed, named at the end: a CI log is often read from its tail only.
  const failures = [];
  const firstLine = (text) => String(text ?? "").split("\n").find((l) => l.trim()) ?? "";
  for (const f of ["var/test-results/unit.json", "var/test-results/e2e.json", "var/test-results/faults.json"]) {
    if (!fs.existsSync(f)) continue;
    const r = JSON.parse(fs.readFileSync(f, "utf8"));
    passed += r.numPassedTests; failed += r.numFailedTests + (r.numFailedTestSuites || 0); skipped += r.numPendingTests + r.numTodoTests;
    for (const file of r.testResults) {
      const name = file.name.replace(process.cwd() + "/", "");
      if (file.status === "failed" && file.message) failures.push(`${name}: ${firstLine(file.message)}`);
      for (const t of file.assertionResults)
        if (t.status === "failed") failures.push(`${name} > ${t.fullName}: ${firstLine(t.failureMessages[0])}`);
    }
  }
  if (failures.length) console.log(`\n[test] failed:\n${failures.slice(0, 30).map((l) => "  " + l.slice(0, 300)).join("\n")}`);
  // Each style guard is one test: "<guard> ok|failed <seconds>" a line.
  if (fs.existsSync("var/test-results/guards.txt")) {
    const guards = fs.readFileSync("var/test-results/guards.txt", "utf8").trim().split("\n").filter(Boolean).map((l) => l.split(" "));
    const bad = guards.filter(([, r]) => r !== "ok").map(([g]) => g);
    passed += guards.length - bad.length; failed += bad.length;
    console.log(`\n[test] guards: ${guards.map(([g, r, s]) => `${g} ${r} (${s} s)`).join(", ")}`);
    if (bad.length) console.log(`[test] FAILED guards, counted below as failed tests: ${bad.join(", ")}`);
  }
  console.log(`\n${passed} passed, ${failed} failed` + (skipped ? `, ${skipped} skipped` : ""));
'
echo "[test] took $(( $(date +%s) - started )) s"
exit $status
