# syntax=docker/dockerfile:1.7-labs
# Image of one Fastify service. Build context = the repo root:
#   docker build -f deploy/docker/service.Dockerfile --build-arg WORKSPACE=services/orders -t portal/orders .
ARG NODE_IMAGE=node:24-bookworm-slim
ARG WORKSPACE

# 1. only what `npm ci` reads, so the dependency layer below is reused until a manifest changes
FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
COPY --exclude=**/node_modules --exclude=.git --exclude=**/dist --exclude=deploy/local/.cache . .
RUN node deploy/docker/manifests.mjs /out

# 2. production dependencies of this workspace and the workspaces it uses (@portal/service-kit,
#    @portal/contracts) — nothing of the other domains. tsx, which runs the TypeScript and which the kit's
#    telemetry preload imports, is a root devDependency, so it is installed beside at the lockfile's
#    version and linked in.
FROM ${NODE_IMAGE} AS deps
ARG WORKSPACE
WORKDIR /app
COPY --from=manifests /out/ ./
RUN test -n "${WORKSPACE}" \
 && npm ci --omit=dev -w "${WORKSPACE}" --include-workspace-root=false --no-audit --no-fund \
 && TSX_VERSION="$(node -p 'require("./package-lock.json").packages["node_modules/tsx"].version')" \
 && mkdir -p /opt/tsx && cd /opt/tsx && echo '{"private":true}' >package.json \
 && npm install --omit=dev --no-audit --no-fund --no-package-lock "tsx@${TSX_VERSION}" \
 && ln -sfn /opt/tsx/node_modules/tsx /app/node_modules/tsx \
 && npm cache clean --force

# 3. runtime: node, the dependencies and the TypeScript sources of the workspaces this service needs
FROM ${NODE_IMAGE}
ARG WORKSPACE
ENV NODE_ENV=production
RUN groupadd --gid 10001 portal && useradd --uid 10001 --gid 10001 --no-create-home --shell /usr/sbin/nologin portal
WORKDIR /app
COPY --from=deps /opt/tsx /opt/tsx
COPY --from=deps /app ./
COPY --exclude=**/node_modules --exclude=**/dist services/contracts/ services/contracts/
COPY --exclude=**/node_modules --exclude=**/dist services/kit/ services/kit/
COPY --exclude=**/node_modules --exclude=**/dist ${WORKSPACE}/ ${WORKSPACE}/
RUN rm -rf services/*/test services/kit/testing ${WORKSPACE}/scripts/*.test.* \
  && sed -i '/"\.\/testing/d' services/kit/package.json
WORKDIR /app/${WORKSPACE}
USER 10001:10001
# the root filesystem is read-only in Kubernetes: tsx's compile cache goes to /tmp (an emptyDir)
ENV TMPDIR=/tmp HOME=/tmp
# docs/INTERFACES.md §2: telemetry first, so its instrumentation hooks are in place before anything else
# loads (the kit's preload registers tsx itself to load its own TypeScript)
CMD ["node", "--import", "@portal/service-kit/telemetry", "--import", "tsx", "src/server.ts"]
