# GreenMiles image (docs/operations.md#container-and-service): `docker build -t greenmiles .`
#
# Stage 1 builds with every package and prunes to the runtime ones with scripts/install-production.sh, the script
# tests/server/production-install.test.ts runs on a clean clone, so CI proves these steps. The full Debian-based
# Node image has what npm's implicit node-gyp step of better-sqlite3 expects (python3, make, g++); better-sqlite3
# then uses the prebuilt binary its package ships.
FROM node:24-bookworm AS build
WORKDIR /app
COPY . .
RUN sh scripts/install-production.sh

# Stage 2 runs on plain Debian: Node 24 is the binary of the `node` dependency, in node_modules like every other
# runtime package, so the image runs the very Node version the lock file pins, and holds no npm and no compiler.
FROM debian:bookworm-slim
RUN useradd --system --user-group --uid 10001 --home-dir /var/lib/greenmiles --shell /usr/sbin/nologin greenmiles \
  && install -d -o greenmiles -g greenmiles -m 0750 /var/lib/greenmiles
WORKDIR /app
# The whole built tree, as the test starts it (5 MB of sources beside node_modules and dist/). Owned by root,
# read-only to the app: it writes only its data directory.
COPY --from=build /app /app
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATABASE_URL=sqlite:/var/lib/greenmiles/greenmiles.db \
    PATH=/app/node_modules/.bin:$PATH
VOLUME ["/var/lib/greenmiles"]
USER greenmiles
EXPOSE 3000
# Liveness only (the process serves): a database outage must not get the container restarted.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/livez').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself as the main process (no npm in between): SIGTERM from `docker stop` reaches the server.
CMD ["node", "server/main.ts"]
