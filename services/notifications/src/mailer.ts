import nodemailer from 'nodemailer';
import { withSpan } from '@portal/service-kit';
import type { MailEnv } from './env.js';
import type { Mail } from './templates/mail.js';

export interface Mailer {
  send(to: string, mail: Mail, opts?: { replyTo?: string }): Promise<string>;
  close(): void;
}

/** SMTP transport (no connection until the first send); every send is one span, `smtp.send`. */
export function createMailer(env: MailEnv): Mailer {
  const transport = nodemailer.createTransport({
    host: env.SMTP_HOST,
    port: env.SMTP_PORT,
    secure: false,
    pool: true,
    maxConnections: 2,
    connectionTimeout: 10_000,
    socketTimeout: 20_000,
  });
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
