#!/usr/bin/env bash
# Everything: type check, one production build, unit and integration tests (Vitest),
# then the browser tests (Playwright, JavaScript on and off) against that build.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-chromium.sh
# The type check and the build each keep one core busy: side by side on two cores.
npx tsc --noEmit &
typecheck=$!
npm run build --silent
wait "$typecheck"
npx vitest run
npx playwright test
