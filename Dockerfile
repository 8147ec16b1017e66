# One image for every process; docker-compose.yml picks the entry point per service.
FROM node:20-bookworm-slim
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 NODE_ENV=production
COPY package.json package-lock.json .npmrc ./
COPY domain/package.json domain/
COPY read-models/package.json read-models/
COPY services/platform/package.json services/platform/
COPY services/command/package.json services/command/
COPY services/query/package.json services/query/
COPY services/edge/package.json services/edge/
COPY workers/package.json workers/
COPY web/package.json web/
COPY tests/package.json tests/
RUN npm install --no-audit --no-fund --include=dev
COPY . .
RUN npm run build:web
USER node
CMD ["node", "--import", "tsx", "services/edge/src/main.ts"]
