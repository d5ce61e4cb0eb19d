#!/bin/sh
# Writes this node's redis.conf and sentinel.conf into /conf (an emptyDir) before Redis and Sentinel start.
# The master is whoever the Sentinels say it is; only a fresh set (no Sentinel answers) starts on redis-0.
set -eu
domain="redis-headless.${POD_NAMESPACE}.svc.cluster.local"
self="${POD_NAME}.${domain}"
master=""
for i in 0 1 2; do
  host="redis-${i}.${domain}"
  [ "$host" = "$self" ] && continue
  answer="$(timeout 3 redis-cli -h "$host" -p 26379 sentinel get-master-addr-by-name portal 2>/dev/null | head -n 1 || true)"
  if [ -n "$answer" ]; then master="$answer"; break; fi
done
[ -n "$master" ] || master="redis-0.${domain}"
echo "master: ${master}"

cat >/conf/redis.conf <<CONF
port 6379
bind * -::*
protected-mode no
dir /data
# every acknowledged write is on disk within a second, and a restarted node comes back with it
appendonly yes
appendfsync everysec
requirepass ${REDIS_PASSWORD}
masterauth ${REDIS_PASSWORD}
replica-announce-ip ${self}
# a master without a live replica refuses writes rather than losing them on the next failover
min-replicas-to-write 1
min-replicas-max-lag 10
CONF
if [ "$master" != "$self" ]; then echo "replicaof ${master} 6379" >>/conf/redis.conf; fi

cat >/conf/sentinel.conf <<CONF
port 26379
# the Sentinels answer (and talk to each other) only with the same password
requirepass ${REDIS_PASSWORD}
sentinel sentinel-pass ${REDIS_PASSWORD}
sentinel resolve-hostnames yes
sentinel announce-hostnames yes
sentinel announce-ip ${self}
sentinel monitor portal ${master} 6379 2
sentinel auth-pass portal ${REDIS_PASSWORD}
sentinel down-after-milliseconds portal 5000
sentinel failover-timeout portal 60000
sentinel parallel-syncs portal 1
CONF
