# Defaults for every service and tool of the local stack (docs/INTERFACES.md §1).
# Source it: `. deploy/local/env.sh`. Each value can be overridden from the environment.

: "${MONGO_URL:=mongodb://127.0.0.1:27027/portal}"; export MONGO_URL
# The database behind MONGO_URL is FerretDB 1.24 on PostgreSQL here: the kit loads its local-backend adapter
# (services/kit/src/backends/ferretdb) only when DB_BACKEND says so. Production runs MongoDB (the default, `mongodb`).
: "${DB_BACKEND:=ferretdb}"; export DB_BACKEND
# FerretDB's PostgreSQL (deploy/local/stack.sh, port PG_PORT 5433): the adapter's start-up migration makes its GIN
# serving indexes there (docs/DATA.md). Unset in production on real MongoDB.
: "${POSTGRES_URL:=postgres://postgres@127.0.0.1:5433/ferretdb}"; export POSTGRES_URL
: "${NATS_URL:=nats://127.0.0.1:4222}"; export NATS_URL
# NATS (stack.sh writes the users with deploy/local/nats-config.ts; no anonymous connections). Each service signs
# in as its own user, allowed to publish only its domain's events: `<service>` in the demo's PORTAL account
# (npm start, scripts/portal.mjs), `<service>-test` in the TEST account (the e2e data set). Suites and tools are
# TEST's `test` user (the kit's default NATS_USER); PORTAL_NATS_USER is a read-only inspector of the demo's
# streams. Local values only: production signs in with per-service nkeys (deploy/k8s).
: "${NATS_PASSWORD_ACCOUNTS:=nats-local-accounts-3e71c2}"; export NATS_PASSWORD_ACCOUNTS
: "${NATS_PASSWORD_ORDERS:=nats-local-orders-9a4d07}"; export NATS_PASSWORD_ORDERS
: "${NATS_PASSWORD_ROUTING:=nats-local-routing-51bf8e}"; export NATS_PASSWORD_ROUTING
: "${NATS_PASSWORD_FLEET:=nats-local-fleet-c86e13}"; export NATS_PASSWORD_FLEET
: "${NATS_PASSWORD_BILLING:=nats-local-billing-2d9f5a}"; export NATS_PASSWORD_BILLING
: "${NATS_PASSWORD_NOTIFICATIONS:=nats-local-notifications-7b20e4}"; export NATS_PASSWORD_NOTIFICATIONS
: "${PORTAL_NATS_USER:=portal}"; export PORTAL_NATS_USER
: "${PORTAL_NATS_PASSWORD:=portal-nats-local-6d2f9a}"; export PORTAL_NATS_PASSWORD
: "${REDIS_URL:=redis://127.0.0.1:6390}"; export REDIS_URL

: "${S3_ENDPOINT:=127.0.0.1}"; export S3_ENDPOINT
: "${S3_PORT:=9100}"; export S3_PORT
: "${S3_ACCESS_KEY:=portal}"; export S3_ACCESS_KEY
: "${S3_SECRET_KEY:=portal-secret-key}"; export S3_SECRET_KEY
: "${S3_USE_SSL:=false}"; export S3_USE_SSL

: "${KEYCLOAK_URL:=http://127.0.0.1:8180/auth}"; export KEYCLOAK_URL
: "${KEYCLOAK_REALM:=portal}"; export KEYCLOAK_REALM
# The `iss` Keycloak really puts in tokens (verified by deploy/test/stack.test.ts): the edge address, because
# Keycloak runs with --hostname http://localhost:8080/auth whatever address the token was requested on.
: "${KEYCLOAK_ISSUER:=http://localhost:8080/auth/realms/portal}"; export KEYCLOAK_ISSUER
: "${KEYCLOAK_PUBLIC_CLIENT_ID:=portal-web}"; export KEYCLOAK_PUBLIC_CLIENT_ID
: "${KEYCLOAK_SERVICE_CLIENT_ID:=portal-services}"; export KEYCLOAK_SERVICE_CLIENT_ID
: "${KEYCLOAK_SERVICE_CLIENT_SECRET:=portal-services-secret}"; export KEYCLOAK_SERVICE_CLIENT_SECRET
# accounts' change password checks the current password on this confidential client (direct grant only, no audience)
: "${KEYCLOAK_PASSWORD_CHECK_CLIENT_ID:=portal-password-check}"; export KEYCLOAK_PASSWORD_CHECK_CLIENT_ID
: "${KEYCLOAK_PASSWORD_CHECK_CLIENT_SECRET:=portal-password-check-local-secret-8e2f4c91}"; export KEYCLOAK_PASSWORD_CHECK_CLIENT_SECRET
# The confidential test client of the local and CI realm (never in production's): suites, benchmarks, the attack
# replay and the chaos traffic get user tokens from it by password grant; the services accept its tokens beside
# portal-web's only when KEYCLOAK_TEST_CLIENT_ID is set (the kit ignores it under PORTAL_ENV=production).
: "${KEYCLOAK_TEST_CLIENT_ID:=portal-tests}"; export KEYCLOAK_TEST_CLIENT_ID
: "${KEYCLOAK_TEST_CLIENT_SECRET:=portal-tests-local-secret-5d81c3a7}"; export KEYCLOAK_TEST_CLIENT_SECRET

: "${SMTP_HOST:=127.0.0.1}"; export SMTP_HOST
: "${SMTP_PORT:=2525}"; export SMTP_PORT
: "${MAILBOX_URL:=http://127.0.0.1:8025}"; export MAILBOX_URL
# Seals pins/reset codes in events and mail jobs (AES-256-GCM; accounts seals, notifications opens). Local value
# only: production takes it from the portal-secrets secret.
: "${EVENT_SEAL_KEY:=4rVxSIaV5EXXJ7NV+YGB4vBmlS22BtgiDK/E8rg3ieI=}"; export EVENT_SEAL_KEY
# Signs the receivers' tracking links (HMAC-SHA256; notifications signs when it renders the mail, routing
# checks). Local value only: production takes it from the portal-secrets secret.
: "${TRACKING_SECRET:=local-tracking-secret-8c1f0e9a4b7d2c65}"; export TRACKING_SECRET
# Signs the orders ledger's checkpoints (Ed25519 seed, base64; orders domain/ledger-key.ts). Local value only.
: "${LEDGER_SIGNING_KEY:=6KCOC54ihDvT0gilvB8otIBFE3YHilyZgEvDpoc7BLo=}"; export LEDGER_SIGNING_KEY
# The failed-login limits (kit rate-limit) skip 127.0.0.1, shared by every browser, suite and tool here; attacks
# come from other loopback addresses (deploy/attack/attacks-ledger.mjs). Local only: production lists none.
: "${RATE_LIMIT_FAIL_ALLOW:=127.0.0.1}"; export RATE_LIMIT_FAIL_ALLOW

: "${OTEL_EXPORTER_OTLP_ENDPOINT:=http://127.0.0.1:4318}"; export OTEL_EXPORTER_OTLP_ENDPOINT
# Trace sampling ratio (parent-based; the kit's default is 0.1 = production). The local stack and its tests keep
# every trace (the e2e test follows one HTTP -> NATS -> consumer trace in Jaeger); error traces are always kept.
: "${OTEL_TRACES_SAMPLER_ARG:=1.0}"; export OTEL_TRACES_SAMPLER_ARG
: "${JAEGER_QUERY_URL:=http://127.0.0.1:16686}"; export JAEGER_QUERY_URL

: "${APP_URL:=http://localhost:8080}"; export APP_URL
# Metrc: the state track-and-trace (Metrc) API orders calls — locally the stub deploy/local/metrc-stub
: "${METRC_STUB_PORT:=8940}"; export METRC_STUB_PORT
: "${METRC_URL:=http://127.0.0.1:$METRC_STUB_PORT}"; export METRC_URL

: "${ACCOUNTS_PORT:=4101}"; export ACCOUNTS_PORT
: "${ORDERS_PORT:=4102}"; export ORDERS_PORT
: "${ROUTING_PORT:=4103}"; export ROUTING_PORT
: "${FLEET_PORT:=4104}"; export FLEET_PORT
: "${BILLING_PORT:=4105}"; export BILLING_PORT
: "${NOTIFICATIONS_PORT:=4106}"; export NOTIFICATIONS_PORT
