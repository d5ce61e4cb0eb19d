import { readFileSync } from 'node:fs';
import nodemailer from 'nodemailer';
import { withSpan } from '@portal/service-kit';
import type { MailEnv } from './env.js';
import type { Mail } from './templates/mail.js';

export interface Mailer {
  send(to: string, mail: Mail, opts?: { replyTo?: string }): Promise<string>;
  close(): void;
}

/** nodemailer transport options from the environment: AUTH when a user is set, STARTTLS/TLS as configured. */
export function transportOptions(env: MailEnv) {
  return {
    host: env.SMTP_HOST,
    port: env.SMTP_PORT,
    secure: env.SMTP_TLS === 'tls',
    // STARTTLS is required, never optional: a relay that does not offer it fails the send (retried), it is
    // not sent in clear with the credentials.
    requireTLS: env.SMTP_TLS === 'starttls',
    ...(env.SMTP_TLS === 'none'
      ? {}
      : {
          tls: {
            minVersion: 'TLSv1.2' as const,
            ...(env.SMTP_CA_FILE ? { ca: readFileSync(env.SMTP_CA_FILE) } : {}),
          },
        }),
    ...(env.SMTP_USER ? { auth: { user: env.SMTP_USER, pass: env.SMTP_PASS } } : {}),
    pool: true,
    maxConnections: 2,
    connectionTimeout: env.SMTP_CONNECTION_TIMEOUT_MS,
    greetingTimeout: env.SMTP_GREETING_TIMEOUT_MS,
    socketTimeout: env.SMTP_SOCKET_TIMEOUT_MS,
  };
}

/** SMTP transport (no connection until the first send); every send is one span, `smtp.send`. */
export function createMailer(env: MailEnv): Mailer {
  const transport = nodemailer.createTransport(transportOptions(env));
  return {
    send: (to, mail, opts = {}) =>
      withSpan(
        'smtp.send',
        async () => {
          const info = await transport.sendMail({ from: env.MAIL_FROM, to, replyTo: opts.replyTo, ...mail });
          return info.messageId;
        },
        { 'messaging.system': 'smtp', 'email.subject': mail.subject },
      ),
    close: () => transport.close(),
  };
}
