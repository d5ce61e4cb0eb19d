#!/usr/bin/env bash
# Writes <workspace>/Dockerfile for every service, the shell and every micro-frontend from the two
# templates beside this script, with the workspace filled in as the default of the global ARG WORKSPACE.
# Edit the templates, run this, commit both. deploy/test/k8s.test.ts fails when a copy drifts.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
render() { # template workspace — the note goes after line 1: the syntax directive must stay first
  sed -e "1a # GENERATED from deploy/docker/$1 by deploy/docker/sync.sh — edit the template, not this file." \
    -e "0,/^ARG WORKSPACE\$/s||ARG WORKSPACE=$2|" "$ROOT/deploy/docker/$1"
}
for s in accounts orders routing fleet billing notifications; do
  render service.Dockerfile "services/$s" >"$ROOT/services/$s/Dockerfile"
done
for w in shell mfe-accounts mfe-orders mfe-schedule mfe-fleet mfe-billing; do
  render web.Dockerfile "$w" >"$ROOT/$w/Dockerfile"
done
