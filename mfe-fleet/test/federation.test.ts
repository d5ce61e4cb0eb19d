// The composition through real Module Federation, on the production bundles: mfe-fleet's manageDriver loads
// mfe_schedule/WeeklySchedule at run time from the URL /remotes.json names (as the shell finds remotes), sharing
// React and @portal/ui; when remotes.json points the schedule remote at nothing, the tab falls back.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { existsSync, readFileSync, statSync, readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { Role } from '@portal/contracts';

const mfe = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repo = path.resolve(mfe, '..');
const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.html': 'text/html',
};

/** Newest modification time under a folder (src and test fixtures), to rebuild a stale bundle. */
const newest = (dir: string): number =>
  readdirSync(dir, { withFileTypes: true }).reduce((m, e) => {
    const p = path.join(dir, e.name);
    return Math.max(m, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }, 0);

function ensureBuilt(name: string) {
  const entry = path.join(repo, `mfe-${name}/dist/remoteEntry.js`);
  if (existsSync(entry) && statSync(entry).mtimeMs > newest(path.join(repo, `mfe-${name}/src`))) return;
  const r = spawnSync('npm', ['run', 'build', '-w', `mfe-${name}`], { cwd: repo, stdio: 'inherit' });
  assert.equal(r.status, 0, `build of mfe-${name} failed`);
}

let server: Server;
let browser: Browser;
let base = '';
let remotes: Record<string, string> = {};
before(async () => {
  ensureBuilt('schedule');
  ensureBuilt('fleet');
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const send = (status: number, type: string, body: string | Buffer) => {
      res.writeHead(status, { 'content-type': type });
      res.end(body);
    };
    if (url.pathname === '/remotes.json') return send(200, TYPES['.json']!, JSON.stringify(remotes));
    if (url.pathname === '/api/drivers') {
      return send(
        200,
        TYPES['.json']!,
        JSON.stringify({
          data: {
            drivers: [
              { id: 'd1', name: 'Ann Route', phone: '', email: 'ann@x.example', lic: '', occLic: '' },
            ],
          },
        }),
      );
    }
    if (url.pathname === '/api/driverschedule') {
      return send(
        200,
        TYPES['.json']!,
        JSON.stringify({
          data: {
            date: '2026-11-23',
            data: { days: { '1': [{ driver: 'd1' }] } },
            drivers: [{ id: 'd1', name: 'Ann Route' }],
            vehicles: [],
            routes: [],
            canEdit: true,
            mine: [],
          },
        }),
      );
    }
    if (url.pathname === '/host.js')
      return send(200, TYPES['.js']!, readFileSync(path.join(mfe, 'test/fixtures/host.js')));
    const m = /^\/mfe\/(fleet|schedule)\/([\w.-]+)$/.exec(url.pathname);
    const file = m && path.join(repo, `mfe-${m[1]}/dist/${m[2]}`);
    if (file && existsSync(file))
      return send(200, TYPES[path.extname(file)] ?? 'text/plain', readFileSync(file));
    if (url.pathname.startsWith('/dashboard/')) {
      return send(
        200,
        TYPES['.html']!,
        '<!doctype html><main id="portal-main"></main><div id="portal-frame"></div><script type="module" src="/host.js"></script>',
      );
    }
    send(404, 'text/plain', 'not found');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox'],
  });
});
after(async () => {
  await browser?.close();
  server?.close();
});

const admin = encodeURIComponent(JSON.stringify({ email: 'admin@demo.portal', role: Role.Admin }));

test("manageDriver shows mfe-schedule's weekly grid through federation, one React for both bundles", async () => {
  remotes = { fleet: '/mfe/fleet/remoteEntry.js', schedule: '/mfe/schedule/remoteEntry.js' };
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const loaded: string[] = [];
  page.on('request', (r) => loaded.push(new URL(r.url()).pathname));
  await page.goto(`${base}/dashboard/manageDriver?user=${admin}`);
  await page.getByTestId('weekly-schedule-row').filter({ hasText: 'Ann Route' }).waitFor();
  assert.ok(loaded.includes('/mfe/schedule/remoteEntry.js'), 'the schedule remote came from remotes.json');
  assert.deepEqual(errors, [], 'no page errors (two Reacts would break the hooks)');
  await page.close();
});

test('the schedule remote is down: the Schedule tab falls back, the page works', async () => {
  remotes = { fleet: '/mfe/fleet/remoteEntry.js', schedule: '/mfe/schedule/missing/remoteEntry.js' };
  const page = await browser.newPage();
  await page.goto(`${base}/dashboard/manageDriver?user=${admin}`);
  await page.getByTestId('weekly-schedule-unavailable').waitFor();
  await page.getByTestId('fleet-tab-drivers').click();
  await page.getByTestId('drivers-table').getByText('Ann Route').waitFor();
  await page.close();
});
