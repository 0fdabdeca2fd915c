# syntax=docker/dockerfile:1
# The PsicoCampus server: one process of the API (the front ends are served
# by the web image, web.Dockerfile). The same image runs `npm run migrate`
# (node apps/api/dist/migrate.js: compose.yaml's `migrate` service) as the
# schema's owner; the server processes run as the database role it grants.
# Build from the repository's root:
#
#   docker build -f deploy/api.Dockerfile -t psicocampus-api .
#
# Not built in CI (no Docker daemon there); deploy/README.md says what was checked.

FROM node:20-bookworm-slim AS build
# The tools to compile argon2 when its ready-made binary does not load.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /src
ENV NX_DAEMON=false NX_NO_CLOUD=true
COPY . .
# `npm ci` refuses this lockfile (it lacks other platforms' optional binaries);
# `npm install` with it installs exactly the locked versions.
RUN npm install --no-audit --no-fund
RUN npm run build -w @psicocampus/api
# Keep only what runs: the dependencies, not the build and test tools.
RUN npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
# pg_dump and pg_restore for `npm run backup` / `npm run restore` (PostgreSQL 15,
# the server's major version in compose.yaml; they must be as new as the server).
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-client \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=build /src/package.json /src/package-lock.json ./
COPY --from=build /src/node_modules ./node_modules
COPY --from=build /src/apps/api/package.json /src/apps/api/run-command.mjs ./apps/api/
COPY --from=build /src/apps/api/dist ./apps/api/dist
COPY --from=build /src/apps/api/drizzle ./apps/api/drizzle
# DATA_DIR: the outbox (mail without SMTP) and `npm run backup`'s copies.
RUN mkdir -p /var/lib/psicocampus && chown node:node /var/lib/psicocampus
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    WEB_DIR=none \
    TRUST_PROXY=true \
    SEED_DEMO=false \
    DATA_DIR=/var/lib/psicocampus
USER node
EXPOSE 8080
# On SIGTERM the server stops listening, finishes the calls in flight (an
# import, a PDF), sends pending mail and closes the database: give it the
# time (compose.yaml's stop_grace_period) before Docker's SIGKILL.
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/api/health/live').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "apps/api/dist/main.js"]
