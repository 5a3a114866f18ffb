# ReLaptop's image: `docker build -t relaptop .` — compose.yaml runs it behind nginx with PostgreSQL
# (and a replica), Redis and S3-compatible storage. The server runs as one bundle (build/main, decision 27);
# the sources stay for the scripts (npm run db:migrate, media:migrate), which run their TypeScript directly.

# 1. Build the pages (React Router + Vite) and bundle the server (esbuild): devDependencies.
FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 2. Production dependencies only (sharp's native build for this platform comes with them).
FROM node:24-slim AS deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# 3. What runs: the builds, the sources the scripts import, and those dependencies, as a non-root user.
FROM node:24-slim
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY package.json main.ts ./
COPY app ./app
COPY core ./core
COPY db ./db
COPY schemas ./schemas
COPY seed ./seed
COPY server ./server
COPY scripts ./scripts
COPY --from=build /app/build ./build
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
# /healthz: 200 while the database answers, 503 from the moment the process is told to stop (SIGTERM).
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node runs as PID 1, not under npm: a stop's SIGTERM reaches the server itself, which drains (SHUTDOWN_DRAIN_MS).
CMD ["node", "--max-semi-space-size=16", "--liftoff-only", "--heap-growing-percent=50", "--expose-gc-as=v8GiveMemoryBack", "build/main/main.js"]
