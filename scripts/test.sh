#!/usr/bin/env bash
# Everything: type check, one production build, unit and integration tests (Vitest),
# then the browser tests (Playwright, JavaScript on and off) against that build.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-chromium.sh
npx tsc --noEmit
npm run build --silent
npx vitest run
npx playwright test
