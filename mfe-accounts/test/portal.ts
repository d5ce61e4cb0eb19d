// The one setup of mfe-accounts' screens-in-the-portal suites (test/portal-*.test.ts): the built shell and MFE
// bundles behind the test edge with a fake /api (@portal/ui/testing/portal; every fake answer checked against the
// services' OpenAPI), Chromium, and the helpers every such suite used to declare for itself. Each suite file still
// calls portalSuite once: one browser and one fake state per file, so files run in parallel and a fake's state
// (a created account, an uploaded signature) never leaks into another file.
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import {
  artifactsDir,
  browserSuite,
  signIn,
  watch,
  type ApiHandler,
  type Edge,
} from '@portal/ui/testing/portal';

export interface PortalSuite {
  readonly browser: Browser;
  readonly edge: Edge;
  /** Every /api call as "METHOD url body", in order. */
  calls: string[];
  /** Uncaught page errors and console errors of every page opened through the suite (a suite asserts them empty). */
  pageErrors: string[];
  consoleErrors: string[];
  /** A new page at `route` (signed out), watched. */
  open(route: string, opts?: { width?: number; scale?: number }): Promise<Page>;
  /** A new page signed in as `email` through the login form (lands on the profile), watched; downloads on. */
  signedIn(email: string, width?: number): Promise<Page>;
  /** Full-page screenshot into test/artifacts/<name>.png (git-ignored), from the top of the page. */
  shot(page: Page, name: string): Promise<unknown>;
  /** The recorded POST calls to `pathname`. */
  posts(pathname: string): string[];
  /** Whether some POST to `pathname` carried every one of `parts`. */
  posted(pathname: string, ...parts: string[]): boolean;
  /** The JSON body of a recorded call. */
  body(call: string): Record<string, any>;
  /** The text of an Alert's body (by test id). */
  alertText(page: Page, id: string): Promise<string>;
  /** Signs in as `who`@demo.portal, opens `route` (the profile unless given) and waits for the profile form. */
  profileAs(who: string, route?: string, width?: number): Promise<Page>;
  /** The option texts of a select (by test id). */
  optionsOf(page: Page, id: string): Promise<string[]>;
}

/** Registers the suite's hooks (browserSuite) over the fake /api `api(calls)` and returns its helpers. */
export function portalSuite(api: (calls: string[]) => ApiHandler): PortalSuite {
  const artifacts = artifactsDir(import.meta.url);
  const calls: string[] = [];
  const pageErrors: string[] = [];
  const consoleErrors: string[] = [];
  let browser: Browser | undefined;
  let edge: Edge | undefined;
  browserSuite(api(calls), (b, e) => {
    browser = b;
    edge = e;
  });
  const ready = () => {
    if (!browser || !edge) throw new Error('portalSuite: used before its before() hook ran');
    return { browser, edge };
  };
  const posts = (pathname: string) => calls.filter((c) => c.startsWith(`POST ${pathname} `));
  const suite: PortalSuite = {
    get browser() {
      return ready().browser;
    },
    get edge() {
      return ready().edge;
    },
    calls,
    pageErrors,
    consoleErrors,
    async open(route, { width = 1280, scale = 1 } = {}) {
      const { browser: b, edge: e } = ready();
      const page = await b.newPage({ viewport: { width, height: 900 }, deviceScaleFactor: scale });
      watch(page, pageErrors, consoleErrors);
      await page.goto(e.url + route);
      return page;
    },
    async signedIn(email, width = 1280) {
      const { browser: b, edge: e } = ready();
      const page = await b.newPage({ viewport: { width, height: 860 }, acceptDownloads: true });
      watch(page, pageErrors, consoleErrors);
      await signIn(page, e, email);
      return page;
    },
    async shot(page, name) {
      await page.evaluate(() => window.scrollTo(0, 0));
      return page.screenshot({ path: path.join(artifacts, `${name}.png`), fullPage: true });
    },
    posts,
    posted: (pathname, ...parts) => posts(pathname).some((c) => parts.every((p) => c.includes(p))),
    body: (c) => JSON.parse(c.slice(c.indexOf(' {') + 1)) as Record<string, any>,
    alertText: async (page, id) => (await page.getByTestId(id).locator('.pu-alert-body').innerText()).trim(),
    async profileAs(who, route = '/dashboard/profile', width = 1280) {
      const page = await suite.signedIn(`${who}@demo.portal`, width);
      if (route !== '/dashboard/profile') await page.goto(ready().edge.url + route);
      await page.getByTestId('profile-form').waitFor();
      return page;
    },
    optionsOf: (page, id) => page.getByTestId(id).locator('option').allInnerTexts(),
  };
  return suite;
}
