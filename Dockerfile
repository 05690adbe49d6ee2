# syntax=docker/dockerfile:1
# zpay's image: the bundled server (dist-server/main.mjs) and the sandbox's chain host
# (dist-server/chain-host.mjs) on Node 24, running as the unprivileged `node` user. Only the
# packages the bundle leaves to Node are installed in it (scripts/runtime-package.mjs), not the
# build tools, front-end and test packages the build stage needs.
#
#   docker build -t zpay .
#   docker run -p 4321:4321 -p 4322:4322 -v zpay-data:/data zpay      # sandbox, embedded database
#   docker compose up                                                 # PostgreSQL, a chain host, two zpay processes

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/node/package.json packages/node/
COPY packages/react/package.json packages/react/
COPY packages/web/package.json packages/web/
RUN npm install --no-audit --no-fund
COPY . .
RUN node node_modules/astro/bin/astro.mjs build \
 && node --input-type=module -e 'import { buildServer } from "./scripts/build-server.mjs"; await buildServer("src/server/main.ts", "main"); await buildServer("src/sandbox/chain-host/main.ts", "chain-host");' \
 && mkdir -p /runtime && node scripts/runtime-package.mjs /runtime/package.json

FROM node:24-bookworm-slim AS runtime-packages
WORKDIR /app
COPY --from=build /runtime/package.json ./package.json
RUN npm install --omit=dev --no-audit --no-fund && npm cache clean --force

FROM node:24-bookworm-slim
# HOST 0.0.0.0: the container's published ports reach the server (it listens on loopback by default).
ENV NODE_ENV=production HOST=0.0.0.0 APP_PORT=4321 PAYMENTS_PORT=4322 DATA_DIR=/data
WORKDIR /app
COPY --from=runtime-packages /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/dist-server ./dist-server
# Read at run time from where the bundle was built: the migrations, the bundled sanctions list and
# the Solidity the sandbox compiles for its local EVM chains.
COPY --from=build /app/src/server/db/migrations ./src/server/db/migrations
COPY --from=build /app/src/server/modules/sanctions/sanctioned-addresses.json ./src/server/modules/sanctions/
COPY --from=build /app/contracts ./contracts
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 4321 4322
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.APP_PORT+'/api/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# SIGTERM reaches Node directly (no shell in between): it drains and exits within SHUTDOWN_TIMEOUT_MS.
CMD ["node", "--max-semi-space-size=8", "dist-server/main.mjs"]
