# syntax=docker/dockerfile:1
# The Bot Platform API server. Build from the repository root:
#   docker build -t bot-platform-server .
# Run it with a MongoDB replica set (see compose.yaml and server/README.md, "Production").
# server/test/deploy/production-install.test.ts runs this image's runtime contract without Docker: the runtime
# stage's install, then its CMD and HEALTHCHECK as written here.

ARG NODE_IMAGE=node:20-bookworm-slim

# Build: the server workspace's dependencies only (TypeScript included), not the n8n toolchain of the root.
# The server uses the emulator package (its embedded database for development), built with it by `tsc -b`.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc tsconfig.base.json ./
COPY server/package.json server/
COPY server/mongo-emulator/package.json server/mongo-emulator/
RUN npm ci --workspace server --include=dev --no-audit --no-fund
COPY server/ server/
RUN npm run build --workspace server

# Runtime: production dependencies and the built output, run by the unprivileged `node` user.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY server/package.json server/
COPY server/mongo-emulator/package.json server/mongo-emulator/
RUN npm ci --workspace server --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/server/dist server/dist
COPY --from=build /app/server/mongo-emulator/dist server/mongo-emulator/dist
COPY --from=build /app/server/console server/console
USER node
# In a container the server must listen on every interface, not the loopback default.
ENV HOST=0.0.0.0 PORT=3000 LOG_FORMAT=json
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 CMD ["node", "server/dist/healthcheck.js"]
# Node as PID 1, directly (no npm, no shell): SIGTERM from `docker stop` reaches the server, which finishes
# in-flight requests, closes the database and exits 0 well within Docker's 10 s grace.
CMD ["node", "server/dist/main.js"]
