import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadEnv } from '@portal/service-kit';
import { MailEnvSchema } from '../src/env.js';
import { createMailer, type Mailer } from '@portal/service-kit';
import { freePort, smtpSink } from './sink.js';

/** Production SMTP: AUTH with SMTP_USER/SMTP_PASS, and only after STARTTLS (a relay with its own CA). */
const dir = mkdtempSync(join(tmpdir(), 'smtp-tls-'));
const keyFile = join(dir, 'key.pem');
const certFile = join(dir, 'cert.pem');
let port: number;
let sink: ReturnType<typeof smtpSink>;
const mailers: Mailer[] = [];

before(async () => {
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { stdio: 'ignore' },
  );
  port = await freePort();
  sink = smtpSink(port, {
    auth: { user: 'relay-user', pass: 'relay-pass' },
    tls: { key: readFileSync(keyFile, 'utf8'), cert: readFileSync(certFile, 'utf8') },
  });
  await sink.start();
});
after(async () => {
  for (const m of mailers) m.close();
  await sink.stop();
  rmSync(dir, { recursive: true, force: true });
});

const mailer = (env: Record<string, unknown>) => {
  const m = createMailer(loadEnv({ SMTP_HOST: '127.0.0.1', SMTP_PORT: port, ...env }, MailEnvSchema));
  mailers.push(m);
  return m;
};
const mail = (subject: string) => ({ subject, html: '<p>hi</p>', text: 'hi' });

test('SMTP_USER/SMTP_PASS with SMTP_TLS=starttls: the relay accepts the mail over TLS as that user', async () => {
  const m = mailer({
    SMTP_USER: 'relay-user',
    SMTP_PASS: 'relay-pass',
    SMTP_TLS: 'starttls',
    SMTP_CA_FILE: certFile,
  });
  await m.send('someone@test.portal', mail('tls ok'));
  const [got] = sink.to('someone@test.portal', 'tls ok');
  assert.ok(got, 'delivered');
  assert.equal(got.secure, true, 'the session was upgraded with STARTTLS');
  assert.equal(got.user, 'relay-user');
});

test('a wrong password is refused by the relay (the credentials are really sent)', async () => {
  const m = mailer({
    SMTP_USER: 'relay-user',
    SMTP_PASS: 'wrong',
    SMTP_TLS: 'starttls',
    SMTP_CA_FILE: certFile,
  });
  await assert.rejects(m.send('someone@test.portal', mail('bad pass')), /Invalid username or password|535/);
});

test('a relay certificate from an unknown CA is refused: no credentials over an unverified TLS', async () => {
  const m = mailer({ SMTP_USER: 'relay-user', SMTP_PASS: 'relay-pass', SMTP_TLS: 'starttls' });
  await assert.rejects(m.send('someone@test.portal', mail('untrusted')), /certificate/i);
  assert.equal(sink.to('someone@test.portal', 'untrusted').length, 0);
});
