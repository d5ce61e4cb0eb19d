// stack.sh acting on ONE component of the RUNNING local stack, and Redis's persistence. The two stubs stopped here
// (accounting, metrc) are down for about a second each; nothing else is touched.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { Redis } from 'ioredis';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6390';
const script = new URL('../local/stack.sh', import.meta.url).pathname;

const sh = (...args: string[]) => spawnSync('bash', [script, ...args], { encoding: 'utf8' });
// one line per component: name (10 wide), state (45 wide: "running  healthy   pid N"), address
const states = () =>
  Object.fromEntries(
    sh('status')
      .stdout.trim()
      .split('\n')
      .map((l) => [l.split(/\s+/)[0]!, l.slice(11, 56).trim()]),
  );
const OTHERS = ['nats', 'redis', 'postgres', 'ferretdb', 'versitygw', 'mailbox', 'nginx', 'keycloak'];

test('stack.sh stop|restart <component> acts on that component only; an unknown name stops nothing', async () => {
  const before = states();
  for (const n of ['accounting', 'metrc', ...OTHERS])
    assert.match(before[n] ?? '', /running\s+healthy/, `${n} runs before the test: ${before[n]}`);
  try {
    const typo = sh('stop', 'no-such-component');
    assert.equal(typo.status, 2, typo.stderr);
    assert.match(typo.stderr, /unknown component 'no-such-component'/);
    assert.deepEqual(states(), before, 'an unknown name stopped something');

    // stop X: X alone (it used to stop the whole stack)
    assert.equal(sh('stop', 'accounting').status, 0);
    let now = states();
    assert.equal(now.accounting, 'stopped');
    for (const n of ['metrc', ...OTHERS]) assert.equal(now[n], before[n], `stop accounting touched ${n}`);

    // restart X: X alone comes back; metrc, also down, stays down (it used to start everything that was down)
    assert.equal(sh('stop', 'metrc').status, 0);
    const r = sh('restart', 'accounting');
    assert.equal(r.status, 0, r.stderr);
    now = states();
    assert.equal(now.metrc, 'stopped', 'restart accounting started metrc too');
    assert.equal(sh('start', 'metrc').status, 0);
    assert.match(now.accounting!, /running\s+healthy/);
    assert.notEqual(now.accounting, before.accounting, 'a new process');
    for (const n of OTHERS) assert.equal(now[n], before[n], `restart accounting touched ${n}`);
  } finally {
    sh('start', 'metrc');
    sh('start', 'accounting');
  }
  assert.match(states().metrc!, /running\s+healthy/);
});

test('Redis runs with its append-only file on (a restart keeps queued jobs, job schedulers, revocations)', async () => {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    const conf = (await redis.config('GET', 'appendonly')) as string[];
    assert.deepEqual(conf, ['appendonly', 'yes']);
  } finally {
    redis.disconnect();
  }
});
