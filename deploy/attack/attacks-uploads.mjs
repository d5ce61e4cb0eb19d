// Attacks on uploads that unpack or decode: an xlsx whose one cell inflates to 128 MiB sent to the bulk upload (the
// orders process must answer a 4xx within a second and not grow), and a PDF carrying JavaScript uploaded as an
// order's manifest and as a company logo, then fetched (it must come back as a download or under a sandbox CSP,
// never as a page to render). Throwaway users (attack-*) only; the order made is deleted afterwards.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
// the orders suite's hostile-file builder: the attack sends the very file the service test refuses
import { xlsxBomb } from '../../services/orders/test/fixtures/bulk/bombs.ts';
import { api, grant, http, makeUser } from './lib.mjs';

const blocked = (detail) => ({ open: false, detail });
const open = (detail) => ({ open: true, detail });

/** A PDF whose /OpenAction runs JavaScript, with the given text printed (licence numbers). */
function scriptedPdf(text) {
  const content = `BT /F1 12 Tf 50 700 Td (${text}) Tj ET`;
  const objs = [
    '<< /Type /Catalog /Pages 2 0 R /OpenAction 5 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 6 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /S /JavaScript /JS (app.alert\\("attack"\\)) >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.7\n';
  const at = [];
  objs.forEach((o, i) => {
    at.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n`;
  for (const a of at) out += `${String(a).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

function multipart(fields, file) {
  const boundary = `----attack${Math.random().toString(16).slice(2)}`;
  const parts = Object.entries(fields).map(([k, v]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    raw: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The running orders process's resident memory (MB), from its pid file (scripts/portal.mjs). */
function ordersRssMb() {
  const pid = readFileSync(join(import.meta.dirname, '../local/.cache/run/svc-orders.pid'), 'utf8').trim();
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) / 1024;
}

/** Whether a fetched user file is kept from rendering as a page: a download, or a sandbox CSP. */
const contained = (h) =>
  /^attachment/i.test(h.get('content-disposition') ?? '') ||
  /(^|;)\s*sandbox\b/.test(h.get('content-security-policy') ?? '');
const showHeaders = (h) =>
  `disposition "${h.get('content-disposition') ?? ''}", CSP "${h.get('content-security-policy') ?? ''}"`;

export const uploadsAttacks = [
  [
    'uploads: a 130 KB xlsx whose cell inflates to 128 MiB, sent to the bulk upload',
    async () => {
      const vendor = await makeUser('bulk-bomb', { role: 3 });
      const token = (await grant(vendor.email)).access_token;
      await api('GET', '/users/me', { token });
      const bomb = await xlsxBomb('sheet', 128);
      const before = ordersRssMb();
      let peak = before;
      const sample = setInterval(() => (peak = Math.max(peak, ordersRssMb())), 25);
      const body = multipart({}, { field: 'file', name: 'orders.xlsx', bytes: bomb });
      const r = await api('POST', '/orders/bulk', { token, ...body, timeoutMs: 60_000 });
      await new Promise((ok) => setTimeout(ok, 500)); // what the service still does after answering counts too
      clearInterval(sample);
      const grew = Math.max(peak, ordersRssMb()) - before;
      const said = `${r.status} in ${Math.round(r.ms)} ms, orders RSS +${Math.round(grew)} MB (${bomb.length} bytes sent): ${r.json?.detail ?? r.text.slice(0, 120)}`;
      if (r.status >= 400 && r.status < 500 && r.ms < 1000 && grew <= 150) return blocked(said);
      return open(said);
    },
  ],
  [
    'uploads: a manifest PDF with JavaScript, uploaded then fetched (pre-signed URL and stream)',
    async () => {
      const staff = await makeUser('manifest-js', { role: 1 });
      const token = (await grant(staff.email)).access_token;
      await api('GET', '/users/me', { token });
      const t = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`.toUpperCase();
      const lic = [`ATK-JSP-${t}`, `ATK-JSD-${t}`];
      const made = [];
      for (const n of lic) {
        const record = {
          'License #': n,
          Licensee: 'Attack Script LLC',
          DBA: 'Attack Script LLC',
          'Street Address': '1 Attack Way',
          City: 'Sacramento',
          Zip: '95814',
        };
        made.push((await api('POST', '/license/create', { token, body: { record } })).json?.record?.id);
      }
      let id;
      try {
        // orders learns the licences from accounts' events: the create is retried until it knows them
        const when = `${new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10)}T12:00:00.000Z`;
        const body = {
          order: {
            data: {
              order: {
                orderDef: 'ext',
                orderType: 'layover',
                pickupLN: lic[0],
                destinationLN: lic[1],
                preferredDelivery: when,
                weight: '1',
                notes: 'attack',
              },
              billing: { invoice: 'ATK-JS' },
            },
          },
        };
        let created;
        for (let i = 0; i < 15 && !id; i++) {
          if (i) await new Promise((r) => setTimeout(r, 1000));
          created = await api('POST', '/orders/create', { token, body });
          id = created.json?.data?.order?.id;
        }
        if (!id) return open(`could not set up an order (${created.status} ${created.json?.detail ?? ''})`);
        const pdf = scriptedPdf(`${lic[0]} ${lic[1]}`);
        const up = multipart(
          { order: id, force: 'true' },
          { field: 'pdf', name: 'scripted.pdf', bytes: pdf },
        );
        const u = await api('POST', '/orders/manifestupload', { token, ...up });
        if (u.status !== 200)
          return open(`could not upload the manifest (${u.status} ${u.json?.detail ?? ''})`);
        const link = await api('GET', `/orders/${id}/manifest`, { token });
        const signed = await http('GET', link.json?.data?.url ?? '/missing');
        const streamed = await api('GET', `/orders/${id}/manifest?stream=true`, { token });
        const said = `pre-signed ${signed.status}: ${showHeaders(signed.headers)}; stream ${streamed.status}: ${showHeaders(streamed.headers)}`;
        const ok = signed.status === 200 && streamed.status === 200;
        return ok && contained(signed.headers) && contained(streamed.headers) ? blocked(said) : open(said);
      } finally {
        if (id) await api('POST', '/orders/delete', { token, body: { order: { id } } });
        for (const m of made.filter(Boolean))
          await api('POST', '/license/delete', { token, body: { record: { id: m } } });
      }
    },
  ],
  [
    'uploads: a logo PDF with JavaScript, uploaded then fetched',
    async () => {
      const vendor = await makeUser('logo-js', { role: 3 });
      const token = (await grant(vendor.email)).access_token;
      await api('GET', '/users/me', { token });
      const file = `data:application/pdf;base64,${scriptedPdf('logo').toString('base64')}`;
      const r = await api('POST', '/utils/uploadfile', { token, body: { file, kind: 'logo' } });
      const url = r.json?.data?.result;
      if (!url) return open(`could not upload (${r.status} ${r.json?.message ?? ''})`);
      const got = await http('GET', url);
      const said = `${got.status}, ${showHeaders(got.headers)}`;
      return got.status === 200 && contained(got.headers) ? blocked(said) : open(said);
    },
  ],
];
