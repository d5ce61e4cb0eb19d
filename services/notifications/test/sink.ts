import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { simpleParser, type AddressObject } from 'mailparser';

/** A mail as a test's own SMTP sink received it. */
export interface SunkMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** The Message-ID header. */
  messageId: string;
  /** The session had TLS (STARTTLS or implicit) and this AUTH user. */
  secure: boolean;
  user?: string;
}

export interface SinkOptions {
  /** Accept only this user/password (AUTH required, only after TLS). */
  auth?: { user: string; pass: string };
  /** PEM key/cert: STARTTLS offered. */
  tls?: { key: string; cert: string };
  /** Answer RCPT TO with a permanent 550 for these addresses. */
  reject?: (address: string) => boolean;
  /** Hold the answer to DATA this long (a slow relay), calling onDataStart first. */
  dataDelayMs?: number;
  onDataStart?: () => void;
  /**
   * Keep the mail but answer DATA with a temporary 451, once per matching recipient: the relay accepted it and the
   * sender never heard so (its instance died, the connection dropped), so the sender sends it again.
   */
  answerLostFor?: (address: string) => boolean;
}

export { freePort } from '@portal/service-kit/testing';

const addresses = (a: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(a) ? a : a ? [a] : []).flatMap((o) => o.value.map((v) => v.address ?? ''));

/**
 * A test's own SMTP server on its own port (the shared local sink is never stopped): start/stop it to
 * simulate an outage; mails are kept in memory.
 */
export function smtpSink(port: number, opts: SinkOptions = {}) {
  const mails: SunkMail[] = [];
  const answerLost = new Set<string>();
  let server: SMTPServer | undefined;
  const options: SMTPServerOptions = {
    logger: false,
    closeTimeout: 500,
    authOptional: !opts.auth,
    disabledCommands: [...(opts.auth ? [] : ['AUTH']), ...(opts.tls ? [] : ['STARTTLS'])],
    ...(opts.tls ? { key: opts.tls.key, cert: opts.tls.cert } : {}),
    onAuth(auth, _session, cb) {
      if (opts.auth && auth.username === opts.auth.user && auth.password === opts.auth.pass) {
        return cb(null, { user: auth.username });
      }
      return cb(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, cb) {
      if (opts.reject?.(address.address)) {
        return cb(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      }
      return cb();
    },
    onData(stream, session, cb) {
      opts.onDataStart?.();
      simpleParser(stream)
        .then(async (m) => {
          if (opts.dataDelayMs) await new Promise((r) => setTimeout(r, opts.dataDelayMs));
          const to = addresses(m.to);
          mails.push({
            to,
            messageId: m.messageId ?? '',
            subject: m.subject ?? '',
            text: m.text ?? '',
            html: typeof m.html === 'string' ? m.html : '',
            secure: session.secure,
            user: session.user as string | undefined,
          });
          const lost = to.find((a) => opts.answerLostFor?.(a) && !answerLost.has(a));
          if (lost) {
            answerLost.add(lost);
            return cb(Object.assign(new Error('Answer lost'), { responseCode: 451 }));
          }
          cb();
        })
        .catch(cb);
    },
  };
  return {
    mails,
    async start() {
      server = new SMTPServer(options);
      server.on('error', () => undefined);
      await new Promise<void>((resolve, reject) => {
        server!.listen(port, '127.0.0.1', () => resolve());
        server!.server.once('error', reject);
      });
    },
    async stop() {
      const s = server;
      server = undefined;
      if (s) await new Promise<void>((r) => s.close(() => r()));
    },
    to: (address: string, subject?: string) =>
      mails.filter((m) => m.to.includes(address) && (subject === undefined || m.subject === subject)),
  };
}
