# syntax=docker/dockerfile:1
#
# Care Audit's image: one server process (pages, API, outbox, jobs), configured by environment
# variables (docs/deploy.md). No container registry is reachable where this was written, so this
# image has never been built: CI runs these same steps, read from this file, in a clean folder as
# a non-root user instead (scripts/image-steps.ts). Keep to the instructions that script knows.

# --- build: every dependency (Vite and the other build tools), to build the site into build/client
FROM node:20-bookworm-slim AS build
WORKDIR /app
# The lockfile alone first, so the install layer is reused until the dependencies change.
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# --- runtime: production dependencies, the server's source (tsx runs it) and the built site only
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production
# The embedded database and the .eml outbox live here when DATABASE_URL and SMTP_URL are unset.
# In the node user's home, so the user creates it and owns it without a chown as root.
ENV DATA_DIR=/home/node/data
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY src ./src
COPY --from=build /app/build/client ./build/client
# The app's files stay root's: the server cannot change its own code, only DATA_DIR.
USER node
RUN mkdir -p "$DATA_DIR"
# A fresh named volume takes this folder's owner (node), so the server can write to it.
VOLUME ["/home/node/data"]
EXPOSE 3000
# node, not curl: the slim image has no curl. 200 while the database answers and takes writes.
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health', { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.status === 200 ? 0 : 1), () => process.exit(1))"]
# The server stops taking requests and lets sends in flight finish, within 25 s: give it 30 s or more.
STOPSIGNAL SIGTERM
# Node runs the server directly and handles SIGTERM itself (src/server/main.ts); npm would stand
# between them and does not pass the signal on reliably.
CMD ["node", "--import", "tsx", "src/server/main.ts"]
