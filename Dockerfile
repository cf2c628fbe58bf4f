# Ferrybox's image (docs/decisions/0032): the built site inside, run as the unprivileged `node`
# user with NODE_ENV=production, healthy when /readyz answers (the database answers too).
#   docker build -t ferrybox --build-arg PUBLIC_URL=https://ferrybox.example .
# PUBLIC_URL and BRAND are read by the build (canonical links, sitemap): run the image with the
# same values, or `npm start` sees a stale build and stops (the image has no build tools).

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
ARG PUBLIC_URL=http://localhost:8080
ARG BRAND=Ferrybox
ENV PUBLIC_URL=$PUBLIC_URL BRAND=$BRAND
RUN npm run build

FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim
ARG PUBLIC_URL=http://localhost:8080
ARG BRAND=Ferrybox
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data \
    PUBLIC_URL=$PUBLIC_URL BRAND=$BRAND
WORKDIR /app
COPY --from=deps --chown=node:node /app/node_modules ./node_modules
COPY --chown=node:node package.json package-lock.json tsconfig.json react-router.config.ts vite.config.ts ./
COPY --chown=node:node src ./src
COPY --chown=node:node content ./content
COPY --chown=node:node public ./public
COPY --chown=node:node scripts ./scripts
COPY --from=build --chown=node:node /app/build ./build
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:3000/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node_modules/.bin/tsx", "src/server/main.ts"]
