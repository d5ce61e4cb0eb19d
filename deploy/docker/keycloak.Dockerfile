# syntax=docker/dockerfile:1.7-labs
# The Keycloak image the operator runs (components/keycloak/keycloak.yaml `spec.image`): the official release with
# the portal's login theme (login-theme/, Keycloakify) in its providers. Build context = the repo root:
#   docker build -f deploy/docker/keycloak.Dockerfile -t registry.example.com/portal/keycloak:$TAG .
# The theme jar is built exactly as the local stack builds it (node login-theme/scripts/build.mjs: vite, then
# keycloakify packing the jar with Maven). Keycloak builds its optimized configuration at the first start (the CR
# does not set startOptimized), so the operator's options need no copy here.
ARG NODE_IMAGE=node:24-bookworm-slim
ARG KEYCLOAK_IMAGE=quay.io/keycloak/keycloak:26.4.0

FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
COPY --exclude=**/node_modules --exclude=.git --exclude=**/dist --exclude=deploy/local/.cache . .
RUN node deploy/docker/manifests.mjs /out

# the theme: npm dependencies from the manifests alone (cached until one changes), then Maven and a JDK for the jar
FROM ${NODE_IMAGE} AS theme
RUN apt-get update \
 && apt-get install -y --no-install-recommends maven openjdk-17-jdk-headless \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=manifests /out/ ./
RUN npm ci -w login-theme --include-workspace-root --no-audit --no-fund
COPY tsconfig.base.json ./
COPY --exclude=**/node_modules --exclude=**/dist services/contracts/ services/contracts/
COPY --exclude=**/node_modules --exclude=**/dist --exclude=login-theme/dist_keycloak login-theme/ login-theme/
RUN node login-theme/scripts/build.mjs

FROM ${KEYCLOAK_IMAGE}
COPY --from=theme /app/login-theme/dist_keycloak/portal-theme.jar /opt/keycloak/providers/portal-theme.jar
