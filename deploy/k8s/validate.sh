#!/usr/bin/env bash
# Offline validation of the Kubernetes manifests.
#   1. installs pinned kustomize + kubeconform + nats-server (go) and the JSON schemas shipped by the PyPI package
#      kubernetes-validate into deploy/local/.cache/k8s-tools/ (git-ignored), once;
#   2. `kustomize build`s every overlay and every domain bundle and pipes each into
#      `kubeconform -strict` against those local schemas — nothing is fetched while validating;
#   3. checks the NATS cluster config with nats-server -t and the Redis init script with sh -n;
#   4. exits non-zero on the first tool failure and after any invalid build or config.
# Usage: bash deploy/k8s/validate.sh [--install-only] [--out DIR]
#   --out DIR   also writes each build to DIR/<overlays|domains>-<name>.yaml (the node test reads them)
set -euo pipefail

KUSTOMIZE_VERSION=v5.7.1
KUBECONFORM_VERSION=v0.7.0
SCHEMAS_VERSION=1.33.1   # kubernetes-validate release; ships schemas up to Kubernetes 1.33
K8S_VERSION=1.33.0       # the cluster version the manifests are checked against
NATS_VERSION=v2.14.0     # = the image of components/nats (deploy/test/k8s-backends.test.ts holds them equal)

K8S_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$K8S_DIR/../.." && pwd)"
CACHE="${K8S_TOOLS_CACHE:-$ROOT/deploy/local/.cache/k8s-tools}"
BIN="$CACHE/bin"
INSTALL_ONLY=0
OUT=""
while [ $# -gt 0 ]; do
  case "$1" in
    --install-only) INSTALL_ONLY=1 ;;
    --out) OUT="$2"; shift ;;
    *) echo "unknown argument: $1" >&2; exit 2 ;;
  esac
  shift
done

log() { echo "[k8s-validate] $*" >&2; }

# go install mod@version; when the proxy refuses the module's @v/list (403), fall back to downloading
# exactly that version and building inside the module cache directory it reports.
go_tool() { # name module-root cmd-subpath version
  local name="$1" mod="$2" sub="$3" ver="$4" stamp="$BIN/.$1.version"
  if [ -x "$BIN/$name" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$ver" ]; then return 0; fi
  command -v go >/dev/null || { log "go is required to install $name"; exit 1; }
  mkdir -p "$BIN"
  log "installing $name $ver"
  if ! GOBIN="$BIN" GOFLAGS=-buildvcs=false go install "$mod${sub:+/$sub}@$ver"; then
    log "go install failed; trying go mod download + go build"
    local dir
    dir="$(GOFLAGS=-mod=mod go mod download -json "$mod@$ver" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",*$/\1/p')"
    [ -n "$dir" ] || { log "could not download $mod@$ver"; exit 1; }
    (cd "$dir" && GOFLAGS=-buildvcs=false go build -o "$BIN/$name" "./${sub:-.}")
  fi
  echo "$ver" >"$stamp"
}

install_tools() {
  go_tool kustomize sigs.k8s.io/kustomize/kustomize/v5 "" "$KUSTOMIZE_VERSION"
  go_tool kubeconform github.com/yannh/kubeconform cmd/kubeconform "$KUBECONFORM_VERSION"
  # nats-server checks the cluster's config (-t); the local stack's binary is used when it is the same release
  local stack_nats="$ROOT/deploy/local/.cache/bin/nats-server"
  if [ ! -x "$BIN/nats-server" ] && [ -x "$stack_nats" ] && [ "$("$stack_nats" --version)" = "nats-server: $NATS_VERSION" ]; then
    mkdir -p "$BIN" && cp "$stack_nats" "$BIN/nats-server" && echo "$NATS_VERSION" >"$BIN/.nats-server.version"
  fi
  go_tool nats-server github.com/nats-io/nats-server/v2 "" "$NATS_VERSION"
  local py="$CACHE/pyschemas" stamp="$CACHE/pyschemas/.version"
  if [ "$(cat "$stamp" 2>/dev/null)" != "$SCHEMAS_VERSION" ]; then
    log "installing kubernetes-validate $SCHEMAS_VERSION schemas"
    rm -rf "$py"
    local pip=(python3 -m pip)
    command -v python3 >/dev/null || { log "python3 is required for the schemas"; exit 1; }
    "${pip[@]}" install --quiet --disable-pip-version-check --root-user-action=ignore --no-deps --no-compile \
      --target "$py" "kubernetes-validate==$SCHEMAS_VERSION"
    echo "$SCHEMAS_VERSION" >"$stamp"
  fi
}

install_tools
SCHEMA_DIR="$CACHE/pyschemas/kubernetes_validate/kubernetes-json-schema"
# Package layout: v<ver>-local[-strict]/<kind>-<group>-<version>.json, with $refs to a sibling
# _definitions.json. kubeconform's StrictSuffix is "-strict" under -strict, selecting the directory
# whose objects reject unknown fields.
SCHEMA_LOCATION="$SCHEMA_DIR/{{ .NormalizedKubernetesVersion }}-local{{ .StrictSuffix }}/{{ .ResourceKind }}{{ .KindSuffix }}.json"
[ -f "$SCHEMA_DIR/v$K8S_VERSION-local-strict/deployment-apps-v1.json" ] || {
  log "schemas for $K8S_VERSION missing under $SCHEMA_DIR"; exit 1; }
# Each schema has "$id": "https://kubernetes.io/api/<kind>" and "$ref"s to /api/_definitions.json, which
# resolves to https://kubernetes.io/api/_definitions.json; the Python package serves that from its own
# registry. kubeconform would fetch it over HTTP, so seed kubeconform's on-disk cache (file name =
# sha256 of the URL) with the package's copy from the same strict directory: no request leaves.
DEFS_URL="https://kubernetes.io/api/_definitions.json"
KC_CACHE="$CACHE/kubeconform-cache/v$K8S_VERSION-strict"
mkdir -p "$KC_CACHE"
cp "$SCHEMA_DIR/v$K8S_VERSION-local-strict/_definitions.json" \
  "$KC_CACHE/$(printf %s "$DEFS_URL" | sha256sum | cut -d' ' -f1)"
[ "$INSTALL_ONLY" = 1 ] && { log "tools ready in $CACHE"; exit 0; }
# Custom resources (e.g. MongoDBCommunity) are checked against the schema their component ships in
# components/<name>/schemas/<kind>-<group>-<version>.json, tried after the Kubernetes schemas.
EXTRA_SCHEMAS=()
for d in "$K8S_DIR"/components/*/schemas; do
  [ -d "$d" ] && EXTRA_SCHEMAS+=(-schema-location "$d/{{ .ResourceKind }}{{ .KindSuffix }}.json")
done

[ -n "$OUT" ] && mkdir -p "$OUT"
failed=0
targets=()
for d in "$K8S_DIR"/overlays/*/ "$K8S_DIR"/domains/*/; do
  [ -f "$d/kustomization.yaml" ] && targets+=("${d%/}")
done
[ ${#targets[@]} -gt 0 ] || { log "no overlays or domains found"; exit 1; }

for t in "${targets[@]}"; do
  rel="${t#"$K8S_DIR"/}"
  tmp="$(mktemp --suffix=.yaml)"
  if ! "$BIN/kustomize" build "$t" >"$tmp"; then
    log "FAIL kustomize build $rel"; failed=1; rm -f "$tmp"; continue
  fi
  if [ -n "$OUT" ]; then cp "$tmp" "$OUT/${rel//\//-}.yaml"; fi
  if "$BIN/kubeconform" -strict -summary -kubernetes-version "$K8S_VERSION" -cache "$KC_CACHE" \
      -schema-location "$SCHEMA_LOCATION" "${EXTRA_SCHEMAS[@]}" -output text "$tmp" >"$tmp.out" 2>&1 \
      && grep -Eq 'Valid: [1-9][0-9]*, Invalid: 0, Errors: 0, Skipped: 0' "$tmp.out"; then
    echo "ok   $rel: $(tail -n 1 "$tmp.out")"
  else
    echo "FAIL $rel:"; cat "$tmp.out"; failed=1
  fi
  rm -f "$tmp" "$tmp.out"
done

# The backends' own configuration, checked by their own parsers where one runs offline: the NATS cluster config
# with the accounts file it includes (the dev public keys stand in for the environment), and the Redis init script.
natsdir="$(mktemp -d)"
mkdir -p "$natsdir/accounts"
sed "s#store_dir: /data#store_dir: $natsdir/data#" "$K8S_DIR/components/nats/nats.conf" >"$natsdir/nats.conf"
cp "$K8S_DIR/base/platform/nats-accounts.conf" "$natsdir/accounts/accounts.conf"
if env POD_NAME=nats-0 $(grep -o 'PORTAL_NKEY_[A-Z]*=[A-Z0-9]*' "$K8S_DIR/overlays/dev/kustomization.yaml") \
    "$BIN/nats-server" -t -c "$natsdir/nats.conf" >"$natsdir/out" 2>&1; then
  echo "ok   components/nats: nats-server $NATS_VERSION -t: $(cat "$natsdir/out")"
else
  echo "FAIL components/nats: nats-server -t:"; cat "$natsdir/out"; failed=1
fi
rm -rf "$natsdir"
if sh -n "$K8S_DIR/components/redis/init.sh"; then echo "ok   components/redis: init.sh parses (sh -n)"
else echo "FAIL components/redis: init.sh"; failed=1; fi
exit "$failed"
