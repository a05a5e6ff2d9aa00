#!/bin/sh
# The production install (docs/operations.md#install): build once with every package, then keep the runtime ones.
# Afterwards `NODE_ENV=production npm start` runs on Node 24 from the `node` dependency, whatever the system's Node.
# The Dockerfile runs this script, and tests/server/production-install.test.ts runs it on a clean clone.
set -eu
cd "$(dirname "$0")/.."

# `npm install`, not `npm ci`: the README says why. NPM_INSTALL_FLAGS adds flags (the test: --prefer-offline).
# shellcheck disable=SC2086
npm install --no-audit --no-fund ${NPM_INSTALL_FLAGS:-}
npm run build
npm prune --omit=dev --no-audit --no-fund
