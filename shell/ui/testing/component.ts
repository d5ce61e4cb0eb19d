// Component tests for MFE screens: one screen bundled on its own with esbuild (seconds, no webpack, no shell), served
// by a tiny local server whose /api answers come from the test, and driven in Debian's Chromium via playwright-core
// (no browser download). The screen gets the same PortalProps the shell passes (api, session, config, navigate),
// inside PortalProvider + QueryProvider + Toaster, so what it shows is what a user of the portal would see.
// Every MFE's test/ imports it as '@portal/ui/testing'.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { SessionUser } from '@portal/ui';

const here = path.dirname(fileURLToPath(import.meta.url));
const entryFile = path.join(here, 'entry.tsx');

/** A fake API route: gets the parsed JSON body, answers [status, body] (a body with `message` becomes the error). */
export type Answer = [status: number, body?: unknown];
export type FakeRoutes = Record<string, (body: unknown, url: URL) => Answer | Promise<Answer>>;

export interface ComponentOptions {
  /** Absolute path of the module and the export to render (a component taking no props, or `props`). */
  module: string;
  exportName?: string;
  props?: Record<string, unknown>;
  /** Module aliases, e.g. a federated remote mapped to its source or to a missing file. */
  alias?: Record<string, string>;
  /** Render as an overlay: the component gets {portal, user} (MfeOverlayProps) instead of `props`. */
  overlay?: boolean;
  /**
   * Checks each fake answer against the real API (e.g. '@portal/ui/testing/portal' contract: the services' OpenAPI), giving
   * the problems; they are collected in `violations`, which a suite asserts empty.
   */
  check?: (method: string, url: string, status: number, body: unknown) => string[];
}

export interface Mounted {
  browser: Browser;
  /** Every API call the screen made, as 'METHOD /path' with its body. */
  calls: { call: string; body: unknown }[];
  routes: FakeRoutes;
  /** Fake answers the real API would never give (see ComponentOptions.check). */
  violations: string[];
  /** `config`: the app config the screen reads (PortalProps.config; {} when not given). */
  open(opts?: {
    path?: string;
    user?: SessionUser | null;
    width?: number;
    config?: Record<string, unknown>;
  }): Promise<Page>;
  close(): Promise<void>;
}

const readBody = (req: IncomingMessage) =>
  new Promise<unknown>((resolve) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => {
      try {
        resolve(text ? JSON.parse(text) : undefined);
      } catch {
        resolve(text); // a multipart upload (manifest, spreadsheet): the raw text
      }
    });
  });

/** Bundles the component with the harness entry, starts the server and Chromium. */
export async function mountComponent(opts: ComponentOptions, routes: FakeRoutes): Promise<Mounted> {
  const out = await build({
    entryPoints: [entryFile],
    bundle: true,
    write: false,
    outdir: '/bundle',
    format: 'esm',
    platform: 'browser',
    conditions: ['browser'],
    jsx: 'automatic',
    loader: { '.svg': 'dataurl' },
    define: { 'process.env.NODE_ENV': '"development"' },
    alias: { 'portal-test-subject': opts.module, ...opts.alias },
    logLevel: 'silent',
  });
  const js = out.outputFiles.find((f) => f.path.endsWith('.js'))!.text;
  const css = out.outputFiles.find((f) => f.path.endsWith('.css'))?.text ?? '';
  const calls: Mounted['calls'] = [];
  const violations: string[] = [];
  let session: { user: SessionUser | null; path: string; config?: Record<string, unknown> } = {
    user: null,
    path: '/',
  };
  const setup = () => ({ ...session, exportName: opts.exportName, props: opts.props, overlay: opts.overlay });

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const send = (status: number, type: string, body: string) => {
        res.writeHead(status, { 'content-type': type });
        res.end(body);
      };
      if (url.pathname === '/bundle.js') return send(200, 'text/javascript', js);
      if (url.pathname === '/bundle.css') return send(200, 'text/css', css);
      if (url.pathname === '/setup.json') return send(200, 'application/json', JSON.stringify(setup()));
      if (!url.pathname.startsWith('/api/')) {
        return send(
          200,
          'text/html',
          '<!doctype html><html><head><link rel="stylesheet" href="/bundle.css"></head>' +
            '<body><main id="portal-main"></main><div id="portal-frame"></div><script type="module" src="/bundle.js"></script></body></html>',
        );
      }
      const call = `${req.method} ${url.pathname}`;
      const body = await readBody(req);
      calls.push({ call, body });
      const handler = routes[call] as FakeRoutes[string] | undefined;
      const [status, answer] = handler ? await handler(body, url) : [404, { message: `no fake for ${call}` }];
      // 502-504 are the edge's answers for a service that is down, not the route's: no route schema applies.
      if (handler && opts.check && (status < 502 || status > 504))
        violations.push(...opts.check(req.method ?? 'GET', url.pathname, status, answer ?? {}));
      send(status, 'application/json', JSON.stringify(answer ?? {}));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });

  return {
    browser,
    calls,
    routes,
    violations,
    async open({ path: at = '/', user = null, width = 1280, config = {} } = {}) {
      session = { user, path: at, config };
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      page.on('pageerror', (e) => console.error('page error:', e.message));
      await page.goto(`http://127.0.0.1:${port}${at}`);
      return page;
    },
    async close() {
      await browser.close();
      server.close();
    },
  };
}

/** Where screenshots go (test-results/ is git-ignored): one folder per MFE. */
export function screenshotDir(mfeDir: string): string {
  const dir = path.join(mfeDir, 'test-results');
  mkdirSync(dir, { recursive: true });
  return dir;
}
