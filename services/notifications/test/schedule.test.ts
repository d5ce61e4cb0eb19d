import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { loadEnv } from '@portal/service-kit';
import { MailEnvSchema } from '../src/env.js';
import { attemptsFor, delayAfter, scheduleOf, totalWaitMs } from '../src/jobs/schedule.js';

const HOUR = 3600_000;
// Production defaults: what the service uses without the test overrides.
const env = loadEnv({}, MailEnvSchema);
const prod = scheduleOf(env);

test('the production mail schedule keeps retrying for at least 24 h, never waiting more than 10 min', () => {
  assert.ok(totalWaitMs(prod) >= 24 * HOUR, `${totalWaitMs(prod) / HOUR} h`);
  assert.equal(prod.capMs, 10 * 60_000);
  const attempts = attemptsFor(prod);
  const waits = Array.from({ length: attempts - 1 }, (_, i) => delayAfter(i + 1, prod));
  assert.ok(waits.every((w) => w > 0 && w <= 10 * 60_000));
  assert.ok(
    waits.every((w, i) => i === 0 || w >= waits[i - 1]!),
    'never shrinking',
  );
  assert.equal(waits.at(-1), 10 * 60_000, 'settles at the cap');
  // early tries are quick: a 1-minute blip is bridged within about 2 minutes
  assert.ok(waits.slice(0, 5).reduce((a, b) => a + b, 0) < 3 * 60_000);
});

test('shutdown grace outlasts one SMTP send; k8s waits longer than the service does', () => {
  const sendMs = env.SMTP_CONNECTION_TIMEOUT_MS + env.SMTP_GREETING_TIMEOUT_MS + env.SMTP_SOCKET_TIMEOUT_MS;
  assert.ok(env.SHUTDOWN_GRACE_MS > sendMs, `${env.SHUTDOWN_GRACE_MS} > ${sendMs}`);
  const yaml = readFileSync(
    new URL('../../../deploy/k8s/base/notifications/deployment.yaml', import.meta.url),
    'utf8',
  );
  const k8s = Number(/terminationGracePeriodSeconds:\s*(\d+)/.exec(yaml)?.[1]);
  assert.ok(k8s * 1000 > env.SHUTDOWN_GRACE_MS, `k8s ${k8s} s > ${env.SHUTDOWN_GRACE_MS} ms`);
});
