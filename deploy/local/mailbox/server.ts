// Local SMTP sink that keeps every message (docs/INTERFACES.md §1, "Mailbox HTTP API").
//   SMTP  MAILBOX_SMTP_PORT (default 2525): no auth, no TLS, accepts everything.
//   HTTP  MAILBOX_HTTP_PORT (default 8025):
//     GET    /api/messages      -> [{id, from, to: [...], subject, date, messageId}] newest first
//     GET    /api/messages/:id  -> {id, from, to, subject, date, messageId, text, html}
//     DELETE /api/messages      -> clears the mailbox
//     GET    /                  -> a human mailbox page (relative links: works under the edge's /mailbox/)
// Every message is one JSON file in MAILBOX_DIR (default deploy/local/.cache/mail).
// Run: node --import tsx deploy/local/mailbox/server.ts   (or import { startMailbox } in tests)
import { createServer, type IncomingMessage, type ServerResponse, type Server } from 'node:http';
import { mkdir, readdir, readFile, rm, writeFile, rename } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type AddressObject } from 'mailparser';

export interface StoredMessage {
  id: string;
  from: string;
  to: string[];
  subject: string;
  date: string;
  /** The Message-ID header: a sender's resend of the same message carries the same one. */
  messageId?: string;
  text: string;
  html: string;
  /** The attached files (base64), so tests can open what a mail carried. */
  attachments?: { filename: string; contentType: string; size: number; content: string }[];
  envelope: { from: string; to: string[] };
}

export interface MailboxOptions {
  smtpPort?: number;
  httpPort?: number;
  host?: string;
  dir?: string;
}

export interface Mailbox {
  smtpPort: number;
  httpPort: number;
  dir: string;
  close(): Promise<void>;
}

const ID_RE = /^[0-9]{13}-[0-9a-f]{8}$/;

function addressList(a: AddressObject | AddressObject[] | undefined): string[] {
  if (!a) return [];
  const list = Array.isArray(a) ? a : [a];
  return list.flatMap((o) => o.value.map((v) => v.address || v.name).filter((x): x is string => !!x));
}

async function listMessages(dir: string): Promise<StoredMessage[]> {
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.json'));
  files.sort().reverse(); // ids start with the receive time in ms: newest first
  const out: StoredMessage[] = [];
  for (const f of files) {
    try {
      out.push(JSON.parse(await readFile(join(dir, f), 'utf8')) as StoredMessage);
    } catch {
      /* a half-written or foreign file: skip */
    }
  }
  return out;
}

function send(res: ServerResponse, status: number, body: unknown, type = 'application/json; charset=utf-8') {
  const data = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
  res.end(data);
}

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Local mailbox</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
 body{font-family:system-ui,sans-serif;margin:0;display:flex;height:100vh;color:#222}
 #list{width:38%;min-width:280px;border-right:1px solid #ddd;overflow:auto}
 #list header{display:flex;justify-content:space-between;align-items:center;padding:.6em .8em;background:#f4f4f4;border-bottom:1px solid #ddd}
 #list h1{font-size:1.05em;margin:0}
 .msg{padding:.55em .8em;border-bottom:1px solid #eee;cursor:pointer;text-decoration:none;color:inherit;display:block}
 .msg:hover,.msg.sel{background:#eef4ff}
 .msg .s{font-weight:600}.msg .m{font-size:.82em;color:#666}
 #view{flex:1;overflow:auto;padding:1em}
 #view .meta{font-size:.9em;color:#444;margin-bottom:1em}
 iframe{width:100%;height:70vh;border:1px solid #ddd}
 pre{white-space:pre-wrap}
 button{cursor:pointer}
</style></head>
<body>
<div id="list"><header><h1>Mailbox (<span id="count">0</span>)</h1>
<span><button id="refresh">Refresh</button> <button id="clear">Delete all</button></span></header>
<div id="items"></div></div>
<div id="view"><p>Select a message.</p></div>
<script>
// Relative URLs only: the page works at / and behind the edge at /mailbox/.
const esc = (s) => String(s ?? '').replace(/[&<>"']/g, (c) => ({'&':'&amp;','<':'&lt;','>':'&gt;','"':'&quot;',"'":'&#39;'}[c]));
let selected = location.hash.slice(1);
async function load() {
  const msgs = await (await fetch('api/messages')).json();
  document.getElementById('count').textContent = msgs.length;
  document.getElementById('items').innerHTML = msgs.map((m) =>
    '<a class="msg' + (m.id === selected ? ' sel' : '') + '" href="#' + esc(m.id) + '" data-id="' + esc(m.id) + '">' +
    '<div class="s">' + esc(m.subject || '(no subject)') + '</div>' +
    '<div class="m">' + esc(m.from) + ' &rarr; ' + esc(m.to.join(', ')) + '</div>' +
    '<div class="m">' + esc(new Date(m.date).toLocaleString()) + '</div></a>').join('') || '<p style="padding:.8em">No messages.</p>';
  if (selected) show(selected);
}
async function show(id) {
  selected = id;
  document.querySelectorAll('.msg').forEach((e) => e.classList.toggle('sel', e.dataset.id === id));
  const r = await fetch('api/messages/' + encodeURIComponent(id));
  const v = document.getElementById('view');
  if (!r.ok) { v.innerHTML = '<p>Message not found.</p>'; return; }
  const m = await r.json();
  v.innerHTML = '<h2>' + esc(m.subject || '(no subject)') + '</h2><div class="meta">From: ' + esc(m.from) +
    '<br>To: ' + esc(m.to.join(', ')) + '<br>Date: ' + esc(new Date(m.date).toLocaleString()) + '</div>' +
    (m.html ? '<iframe sandbox="" id="html"></iframe>' : '') + '<h3>Text</h3><pre>' + esc(m.text) + '</pre>';
  if (m.html) document.getElementById('html').srcdoc = m.html;
}
window.addEventListener('hashchange', () => show(location.hash.slice(1)));
document.getElementById('refresh').onclick = load;
document.getElementById('clear').onclick = async () => {
  if (!confirm('Delete all messages?')) return;
  await fetch('api/messages', { method: 'DELETE' });
  location.hash = ''; selected = ''; document.getElementById('view').innerHTML = '<p>Select a message.</p>'; load();
};
load(); setInterval(load, 5000);
</script></body></html>`;

export async function startMailbox(opts: MailboxOptions = {}): Promise<Mailbox> {
  const here = dirname(fileURLToPath(import.meta.url));
  const dir = resolve(opts.dir ?? process.env.MAILBOX_DIR ?? join(here, '..', '.cache', 'mail'));
  const host = opts.host ?? process.env.MAILBOX_HOST ?? '127.0.0.1';
  await mkdir(dir, { recursive: true });

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    size: 50 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('error', callback);
      stream.on('end', async () => {
        try {
          const raw = Buffer.concat(chunks);
          const parsed = await simpleParser(raw);
          const envFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
          const envTo = session.envelope.rcptTo.map((r) => r.address);
          const headerTo = [...addressList(parsed.to), ...addressList(parsed.cc)];
          const id = `${Date.now()}-${randomBytes(4).toString('hex')}`;
          const msg: StoredMessage = {
            id,
            from: parsed.from?.value[0]?.address || parsed.from?.text || envFrom,
            // the envelope recipients are who really got it (includes Bcc); header order first
            to: [...new Set([...headerTo, ...envTo])],
            subject: parsed.subject ?? '',
            date: (parsed.date ?? new Date()).toISOString(),
            messageId: parsed.messageId ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            attachments: parsed.attachments.map((a) => ({
              filename: a.filename ?? '',
              contentType: a.contentType,
              size: a.size,
              content: a.content.toString('base64'),
            })),
            envelope: { from: envFrom, to: envTo },
          };
          const tmp = join(dir, `.${id}.tmp`);
          await writeFile(tmp, JSON.stringify(msg));
          await rename(tmp, join(dir, `${id}.json`));
          console.log(
            `mail ${id} from=${msg.from} to=${msg.to.join(',')} subject=${JSON.stringify(msg.subject)}`,
          );
          callback();
        } catch (err) {
          console.error('mail store failed', err);
          callback(err as Error);
        }
      });
    },
  });
  smtp.on('error', (err) => console.error('smtp error', err.message));

  const http: Server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    try {
      const url = new URL(req.url ?? '/', 'http://x');
      const path = url.pathname.replace(/\/+$/, '') || '/';
      if (req.method === 'GET' && (path === '/' || path === '/index.html'))
        return send(res, 200, PAGE, 'text/html; charset=utf-8');
      if (path === '/healthz') return send(res, 200, { status: 'ok' });
      if (path === '/api/messages') {
        if (req.method === 'GET') {
          const msgs = await listMessages(dir);
          return send(
            res,
            200,
            msgs.map(({ id, from, to, subject, date, messageId }) => ({
              id,
              from,
              to,
              subject,
              date,
              messageId,
            })),
          );
        }
        if (req.method === 'DELETE') {
          for (const f of await readdir(dir))
            if (f.endsWith('.json') || f.endsWith('.tmp')) await rm(join(dir, f), { force: true });
          return send(res, 200, { deleted: true });
        }
        return send(res, 405, { error: 'method not allowed' });
      }
      const m = /^\/api\/messages\/([^/]+)$/.exec(path);
      if (m) {
        const id = decodeURIComponent(m[1]);
        if (!ID_RE.test(id)) return send(res, 404, { error: 'not found' });
        const file = join(dir, `${id}.json`);
        if (req.method === 'GET') {
          try {
            const { envelope: _e, ...msg } = JSON.parse(await readFile(file, 'utf8')) as StoredMessage;
            return send(res, 200, msg);
          } catch {
            return send(res, 404, { error: 'not found' });
          }
        }
        if (req.method === 'DELETE') {
          await rm(file, { force: true });
          return send(res, 200, { deleted: true });
        }
        return send(res, 405, { error: 'method not allowed' });
      }
      return send(res, 404, { error: 'not found' });
    } catch (err) {
      send(res, 500, { error: String(err) });
    }
  });

  const listen = (
    srv: { listen: (...a: never[]) => unknown; once: (ev: string, cb: (e: Error) => void) => unknown },
    port: number,
  ) =>
    new Promise<void>((ok, fail) => {
      srv.once('error', fail);
      (srv.listen as (p: number, h: string, cb: () => void) => void)(port, host, () => ok());
    });
  await listen(
    smtp.server as never,
    opts.smtpPort ?? Number(process.env.MAILBOX_SMTP_PORT ?? process.env.SMTP_PORT ?? 2525),
  );
  await listen(http as never, opts.httpPort ?? Number(process.env.MAILBOX_HTTP_PORT ?? 8025));

  return {
    smtpPort: (smtp.server.address() as AddressInfo).port,
    httpPort: (http.address() as AddressInfo).port,
    dir,
    close: () =>
      new Promise<void>((ok) => {
        http.close(() => smtp.close(() => ok()));
        http.closeAllConnections?.();
      }),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const mb = await startMailbox();
  console.log(`mailbox: SMTP 127.0.0.1:${mb.smtpPort}, HTTP 127.0.0.1:${mb.httpPort}, dir ${mb.dir}`);
  const stop = () => mb.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
