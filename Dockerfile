# syntax=docker/dockerfile:1
# Build: all dependencies, then the production build. Run: production dependencies only, as a non-root user.
FROM node:20-bookworm-slim AS build
WORKDIR /app
# patches/ is applied by npm ci's postinstall (patch-package), to the server's and the browser's code alike.
COPY package.json package-lock.json ./
COPY patches ./patches
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY patches ./patches
RUN npm ci --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
ENV NODE_ENV=production PORT=8080 HOST=0.0.0.0 TRUST_PROXY=true
WORKDIR /app
COPY --from=deps --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/build ./build
COPY --chown=node:node package.json ./
# DATA_DIR (./data): uploaded files, written by the unprivileged user the app runs as.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 8080
CMD ["node", "build/server.js"]
