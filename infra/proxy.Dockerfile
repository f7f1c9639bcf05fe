FROM node:20-bookworm-slim AS web
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && npm run build -w web

FROM caddy:2
COPY infra/Caddyfile /etc/caddy/Caddyfile
COPY --from=web /app/web/dist /srv
