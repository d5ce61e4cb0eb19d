import { readFileSync } from 'node:fs';
import fp from 'fastify-plugin';
import type { Transporter } from 'nodemailer';
import { Type, type Static } from 'typebox';
import { withSpan } from '../telemetry.js';

/** The SMTP environment, read only by a service that declares the 'smtp' backend (defaults = the local sink). */
export const SmtpEnvSchema = Type.Object({
  SMTP_HOST: Type.String({ default: '127.0.0.1' }),
  SMTP_PORT: Type.Integer({ default: 2525 }),
  /** Credentials of the production relay; both empty = no AUTH (the local sink). */
  SMTP_USER: Type.String({ default: '' }),
  SMTP_PASS: Type.String({ default: '' }),
  /** `starttls` (upgrade required, port 587), `tls` (implicit, port 465) or `none` (local sink only). */
  SMTP_TLS: Type.Union([Type.Literal('none'), Type.Literal('starttls'), Type.Literal('tls')], {
    default: 'none',
  }),
  /** PEM CA bundle for a relay with a private CA; empty = the system's CAs. */
  SMTP_CA_FILE: Type.String({ default: '' }),
  /** Timeouts of one send (ms); their sum stays below the kit's SHUTDOWN_GRACE_MS. */
  SMTP_CONNECTION_TIMEOUT_MS: Type.Integer({ default: 10_000, minimum: 100 }),
  SMTP_GREETING_TIMEOUT_MS: Type.Integer({ default: 10_000, minimum: 100 }),
  SMTP_SOCKET_TIMEOUT_MS: Type.Integer({ default: 20_000, minimum: 100 }),
  MAIL_FROM: Type.String({ default: 'Portal <no-reply@demo.portal>' }),
});
export type SmtpEnv = Static<typeof SmtpEnvSchema>;

/** A rendered mail. */
export interface Mail {
  subject: string;
  html: string;
  text: string;
}
export interface Mailer {
  /**
   * Sends one mail from MAIL_FROM; resolves with the message id. SMTP errors carry `responseCode`. `messageId` (with
   * its angle brackets) is the caller's stable id for the message, so a resend after a lost answer is recognisably
   * the same message; without one nodemailer makes a new id per send.
   */
  send(to: string, mail: Mail, opts?: { replyTo?: string; messageId?: string }): Promise<string>;
  /** Connects and greets the relay (readiness); rejects when it is down. */
  verify(): Promise<unknown>;
  close(): void;
}

/** nodemailer transport options from the environment: AUTH when a user is set, STARTTLS/TLS as configured. */
export function transportOptions(env: SmtpEnv) {
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

/**
 * SMTP transport (no connection until the first send; nodemailer itself loads then, ~5 MB of an idle heap a service
 * that has not mailed yet does not keep); every send is one span, `smtp.send`.
 */
export function createMailer(env: SmtpEnv): Mailer {
  let transport: Promise<Transporter> | undefined;
  const open = () =>
    (transport ??= import('nodemailer').then((m) => m.default.createTransport(transportOptions(env))));
  return {
    send: (to, mail, opts = {}) =>
      withSpan(
        'smtp.send',
        async () => {
          const t = await open();
          const info = await t.sendMail({
            from: env.MAIL_FROM,
            to,
            replyTo: opts.replyTo,
            ...(opts.messageId ? { messageId: opts.messageId } : {}),
            ...mail,
          });
          return info.messageId as string;
        },
        { 'messaging.system': 'smtp', 'email.subject': mail.subject },
      ),
    verify: async () => (await open()).verify(),
    close: () => void transport?.then((t) => t.close()),
  };
}

/** `app.mailer`: the service's SMTP transport, closed with the app (after the workers finished their mail). */
export default fp(
  async (app) => {
    const mailer = createMailer(app.env as unknown as SmtpEnv);
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => mailer.close());
  },
  { name: 'smtp' },
);
