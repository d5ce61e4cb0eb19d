# syntax=docker/dockerfile:1.7-labs
# Image of the shell or one micro-frontend: webpack build, then an unprivileged nginx serving dist: Debian's nginx
# with its brotli_static module (the nginx-unprivileged image's nginx.org build has no brotli module and cannot load
# Debian's), sending the prebuilt .br / .gz files (nginx/nginx.conf).
# Build context = the repo root:
#   docker build -f deploy/docker/web.Dockerfile --build-arg WORKSPACE=mfe-orders -t portal/mfe-orders .
# The shell is served at /, a micro-frontend under /mfe/<name>/ (its folder name without "mfe-"), the
# same paths the Ingress and the local edge use, so no path rewriting is needed anywhere.
ARG NODE_IMAGE=node:24-bookworm-slim
ARG NGINX_IMAGE=debian:bookworm-slim
ARG WORKSPACE

FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
COPY --exclude=**/node_modules --exclude=.git --exclude=**/dist --exclude=deploy/local/.cache . .
RUN node deploy/docker/manifests.mjs /out

# build: all dependencies (webpack and friends are root devDependencies), then this workspace's bundle
FROM ${NODE_IMAGE} AS build
ARG WORKSPACE
WORKDIR /app
COPY --from=manifests /out/ ./
RUN test -n "${WORKSPACE}" \
 && npm ci -w "${WORKSPACE}" --include-workspace-root --no-audit --no-fund
COPY tsconfig.base.json ./
COPY --exclude=**/node_modules --exclude=**/dist services/contracts/ services/contracts/
COPY --exclude=**/node_modules --exclude=**/dist shell/ui/ shell/ui/
COPY --exclude=**/node_modules --exclude=**/dist ${WORKSPACE}/ ${WORKSPACE}/
RUN npm run build -w "${WORKSPACE}" \
 && name="${WORKSPACE#mfe-}" \
 && if [ "${WORKSPACE}" = shell ]; then dest=/site; else dest="/site/mfe/${name}"; fi \
 && mkdir -p "$(dirname "$dest")" && cp -r "${WORKSPACE}/dist" "$dest"

FROM ${NGINX_IMAGE}
ARG WORKSPACE
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends nginx-light libnginx-mod-http-brotli-static \
 && rm -rf /var/lib/apt/lists/* /etc/nginx/sites-enabled/* /etc/nginx/conf.d/* /usr/share/nginx/html/*
COPY deploy/docker/nginx/ /etc/nginx/portal/
COPY --from=build /site/ /usr/share/nginx/html/
RUN if [ "${WORKSPACE}" = shell ]; then conf=shell.conf; else conf=mfe.conf; fi \
 && cp /etc/nginx/portal/nginx.conf /etc/nginx/nginx.conf \
 && cp "/etc/nginx/portal/${conf}" /etc/nginx/conf.d/default.conf \
 && sed -i "s|@MFE@|${WORKSPACE#mfe-}|g" /etc/nginx/conf.d/default.conf \
 && nginx -t
USER 10001:10001
EXPOSE 8080
# no entrypoint scripts: nothing edits a config file at start (the root filesystem is read-only)
ENTRYPOINT []
CMD ["nginx", "-e", "/dev/stderr", "-g", "daemon off;"]
