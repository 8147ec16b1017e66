# One image for every Node process (target `app`); docker-compose.yml picks the entry point per
# service. The processes run compiled JavaScript (dist/, scripts/build.ts), not the TypeScript loader.
FROM node:20-bookworm-slim AS app
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
# The bundles read the SQL migrations and web/dist from the source tree beside dist/: both stay.
RUN npm run build:web && npm run build:server
USER node
# Alone, the image runs the combined process (edge + command + query; WEB_PROCESSES copies).
CMD ["node", "dist/combined.js"]

# nginx in front (docker-compose's `proxy`): the built web app and the API routing of deploy/nginx.
FROM nginx:1.27-alpine AS proxy
COPY deploy/nginx/feibao.conf /etc/nginx/conf.d/default.conf
COPY deploy/nginx/api-routes.conf deploy/nginx/security-headers.conf deploy/nginx/proxy-api.conf /etc/nginx/feibao/
COPY --from=app /app/web/dist /usr/share/nginx/html
