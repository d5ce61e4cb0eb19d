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
#    @portal/contracts) — nothing of the other domains, and no TypeScript tooling (tsx, esbuild, typescript are
#    root devDependencies).
FROM ${NODE_IMAGE} AS deps
ARG WORKSPACE
WORKDIR /app
COPY --from=manifests /out/ ./
RUN test -n "${WORKSPACE}" \
 && npm ci --omit=dev -w "${WORKSPACE}" --include-workspace-root=false --no-audit --no-fund \
 && npm cache clean --force

# 3. the service built to JavaScript (scripts/build-services.mjs: esbuild bundles and minifies the service with the
#    kit, the contracts and the packages it loads at start; those that must stay outside (its EXTERNAL list) are
#    resolved at run time from the dependencies above). esbuild is installed beside at the lockfile's version for
#    this stage only.
FROM ${NODE_IMAGE} AS build
ARG WORKSPACE
WORKDIR /app
COPY --from=deps /app ./
RUN ESBUILD_VERSION="$(node -p 'require("./package-lock.json").packages["node_modules/esbuild"].version')" \
 && mkdir -p /opt/esbuild && cd /opt/esbuild && echo '{"private":true}' >package.json \
 && npm install --no-audit --no-fund --no-package-lock "esbuild@${ESBUILD_VERSION}" \
 && ln -sfn /opt/esbuild/node_modules/esbuild /app/node_modules/esbuild
COPY scripts/build-services.mjs scripts/
COPY services/contracts/src/ services/contracts/src/
COPY services/kit/src/ services/kit/src/
COPY ${WORKSPACE}/src/ ${WORKSPACE}/src/
RUN node scripts/build-services.mjs "$(basename "${WORKSPACE}")"

# 4. runtime: node, the production dependencies and the built service (dist/ and its package.json) — no
#    TypeScript source, no compiler
FROM ${NODE_IMAGE}
ARG WORKSPACE
ENV NODE_ENV=production
RUN groupadd --gid 10001 portal && useradd --uid 10001 --gid 10001 --no-create-home --shell /usr/sbin/nologin portal
WORKDIR /app
COPY --from=deps /app ./
COPY --from=build /app/${WORKSPACE}/dist/ ${WORKSPACE}/dist/
WORKDIR /app/${WORKSPACE}
USER 10001:10001
# two malloc arenas, a fixed 32 KB mmap threshold and a young generation of 2 × 8 MB: what
# scripts/build-services.mjs SERVICE_ENV / SERVICE_ARGS give the local services (decision 023: the memory a burst
# or a worker thread took is reused or given back, not kept)
ENV TMPDIR=/tmp HOME=/tmp MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=32768
# docs/INTERFACES.md §2: telemetry first, so its instrumentation hooks are in place before anything else loads
CMD ["node", "--max-semi-space-size=8", "--import", "./dist/telemetry.js", "dist/server.js"]
