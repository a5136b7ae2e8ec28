# syntax=docker/dockerfile:1
# Multi-stage build on the official Node image as it is (its npm 10 accepts our lockfile: `npm run lock`
# regenerates it with that npm, tests/integration/lockfile.test.ts checks it). The build stage installs
# everything and builds; the runtime image holds production dependencies only (no Prisma CLI or Studio,
# no TypeScript, no source maps, no tests), the build output and what migrations and seeding read.

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY scripts/prisma-generate.mjs scripts/
COPY patches ./patches
# Stands in for a package only `prisma dev` loads (see vendor/prisma-streams-local/package.json).
COPY vendor ./vendor
COPY prisma ./prisma
COPY prisma.config.ts ./
RUN npm ci --no-audit --no-fund
COPY . .
# Pruning keeps the packages production needs as installed (patched by patch-package), drops the rest:
# devDependencies, and optional peers npm installs with them (prisma, typescript, effect), then source
# maps and the Prisma query compilers for databases other than PostgreSQL.
RUN npm run build \
  && npm prune --omit=dev --omit=optional --no-audit --no-fund \
  && find node_modules build public/build -name "*.map" -delete \
  && rm -f node_modules/@prisma/client/runtime/*sqlserver* node_modules/@prisma/client/runtime/*cockroachdb* \
       node_modules/@prisma/client/runtime/*mysql* node_modules/@prisma/client/runtime/*sqlite*

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=3000 PGLITE_DATA_DIR=/app/.data/pglite
WORKDIR /app
# Run as the unprivileged user the Node image provides.
COPY --from=build --chown=node:node /app/package.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/build ./build
COPY --from=build --chown=node:node /app/public ./public
COPY --from=build --chown=node:node /app/prisma/migrations ./prisma/migrations
COPY --from=build --chown=node:node /app/prisma/seed-data ./prisma/seed-data
# The embedded database (used when DATABASE_URL is unset) lives here: mount a volume on it.
RUN mkdir -p /app/.data && chown node:node /app/.data
VOLUME /app/.data
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# node itself is PID 1 and receives SIGTERM (no npm in between): it drains and exits 0 within
# SHUTDOWN_GRACE_MS (5 s), under docker's default --stop-timeout of 10 s.
# Migrations are applied (and an empty database seeded) by the app itself as it starts.
CMD ["node", "build/server.js"]
