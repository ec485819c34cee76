#!/usr/bin/env bash
# `pnpm start`: builds what serving the portal needs and starts the API server, which serves the
# web app. That is the API with the packages it runs on (domain; auth for its types) and the web
# app, which Vite bundles from the packages' source (turbo.json), so neither the ui and api-client
# packages' own builds nor Storybook.
#
# The build's output is kept out of the way (scripts/build-progress.mjs): one line per package as
# it is built, a spinner on a terminal, and turbo's whole log only when the build fails, so the
# server's banner (URL and demo logins) is the last thing on the screen. Later starts reuse
# turbo's cache and take a few seconds.
#
# The server replaces this shell (exec): Ctrl-C reaches it directly, it finishes in-flight
# requests, and the command exits 0 instead of pnpm reporting a failed command.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "Building the API and the web app (the first start takes longest; later ones reuse the build)..."
if ! node scripts/build-progress.mjs run build --filter=@ipportal/api... --filter=@ipportal/web; then
  echo "The build failed (above); nothing was started." >&2
  exit 1
fi

exec node apps/api/dist/main.js
