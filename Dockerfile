# One image for the three services; the command each container runs picks the service.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 DATA_DIR=/app/data
COPY --from=build /app /app
# The mail outbox and logos (DATA_DIR): the image's user must write there, and a fresh named volume
# mounted on it takes this folder's owner.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
VOLUME /app/data
CMD ["node", "--max-semi-space-size=2", "services/app/dist/main.js"]
