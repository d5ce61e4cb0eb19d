// schedule.render.2000 (the schedule screen): the daily schedule of 2,000 orders on 60 routes rendered by the
// portal's production build in Chromium (playwright-core, Debian's /usr/bin/chromium). The admin demo user signs in
// once (read only: the demo data are never touched); the schedule answer is served by a route intercept (a day of
// this bench's own, built below in the contracts' ScheduleDay shape), the live stream is refused. Each sample is one
// full page navigation to /dashboard/manageSchedule?date=…, timed in the page from navigation start (performance
// time origin) to the moment the 60th route is in the DOM (polled every animation frame) — shell, remote entry,
// screen chunk, token refresh, the answer and React's render all included. 2 warm-ups, then SAMPLES navigations.
import { chromium } from 'playwright-core';
import { row } from './measure.mjs';

const ORDERS = 2000;
const ROUTES = 60;
const SAMPLES = Number(process.env.BENCH_RENDER_SAMPLES ?? 15);
const DAY = '2030-01-07';
const KEYS = ['sameDay', 'warehouse', 'layover', 'cashReturn', 'deliveries'];

const address = (name, city) => ({ name, street: `${name.length} Main St`, city, zip: '95501' });
function order(n, r, i) {
  return {
    id: `bench-${n}`,
    orderId: `B${String(n).padStart(6, '0')}`,
    version: 1,
    status: [0, 1, 7, 2, 3][i % 5],
    orderType: 'layover',
    orderDef: 'ext',
    pickupType: 'standard',
    pickupLN: `C11-${String(n).padStart(7, '0')}-LIC`,
    destinationLN: `C10-${String(n).padStart(7, '0')}-LIC`,
    vendorName: `Vendor ${n % 97}`,
    destName: `Dispensary ${n % 211}`,
    pickupAddress: address(`Vendor ${n % 97}`, 'Eureka'),
    destAddress: address(`Dispensary ${n % 211}`, 'Arcata'),
    route: `r${r}`,
    pickupRoute: `r${r}`,
    pickupDriver: `d${r}`,
    pickupDriverName: `Driver ${r}`,
    deliveryDriver: `d${r}`,
    deliveryDriverName: `Driver ${r}`,
    pickupDriverChanged: i % 13 === 0,
    weight: String(1 + (n % 9)),
    notes: i % 3 ? '' : 'Call ahead',
    billingNotes: '',
    checkedin: i % 2 === 0,
    checkedout: false,
    hasManifest: i % 4 !== 0,
    manifestSigned: false,
  };
}

/** 2,000 orders over 60 routes, spread over the five sections (ScheduleDay of @portal/contracts dispatch.ts). */
export function benchDay(orders = ORDERS, routes = ROUTES) {
  const out = [];
  for (let r = 0, n = 0; r < routes; r++) {
    const sections = Object.fromEntries(KEYS.map((k) => [k, []]));
    const per = Math.floor(orders / routes) + (r < orders % routes ? 1 : 0);
    for (let i = 0; i < per; i++, n++) sections[KEYS[i % KEYS.length]].push(order(n, r, i));
    out.push({
      route: { id: `r${r}`, name: `Bench Route ${String(r).padStart(2, '0')}`, startTime: '08:00' },
      counts: {
        sameDayPickups: sections.sameDay.length,
        pickups: sections.warehouse.length + sections.layover.length + sections.cashReturn.length,
        deliveries: sections.deliveries.length,
      },
      sections,
    });
  }
  return { day: DAY, routes: out, warehouse: [], dropoffs: [], cursor: 1 };
}

export async function runScheduleRender(ctx) {
  const app = ctx.env?.APP_URL ?? 'http://localhost:8080';
  const body = JSON.stringify({ data: benchDay() });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.route('**/api/orders/schedule', (r) =>
      r.fulfill({ status: 200, contentType: 'application/json', body }),
    );
    await page.route('**/api/schedule/live?*', (r) => r.abort());
    // sign-in is Keycloak's page (the portal's /login sends the browser there; its standard form ids)
    await page.goto(`${app}/login`);
    await page.locator('#username').fill('admin@demo.portal');
    await page.locator('#password').fill('Portal!2345');
    await page.locator('#kc-login').click();
    await page.waitForURL(/\/dashboard\//);
    const last = `[data-testid="route-r${ROUTES - 1}"]`;
    const once = async () => {
      await page.goto(`${app}/dashboard/manageSchedule?date=${DAY}`);
      const t = await page.waitForFunction((sel) => document.querySelector(sel) && performance.now(), last, {
        polling: 'raf',
        timeout: 30_000,
      });
      return t.jsonValue();
    };
    await once();
    await once();
    const samples = [];
    for (let i = 0; i < SAMPLES; i++) samples.push(await once());
    // Rows render as their route nears the viewport: at the mark, the first screens' rows are in; scrolling to the
    // end must bring every one of the 2,000 (checked, not timed).
    const atMark = await page.locator('.sch-table tbody tr').count();
    await page.screenshot({ path: `${ctx.logDir ?? '/tmp'}/schedule-render.png` });
    let rows = 0;
    for (let i = 0; i < 200 && rows < ORDERS; i++) {
      await page.mouse.wheel(0, 3000);
      await page.waitForTimeout(20);
      rows = await page.locator('.sch-table tbody tr').count();
    }
    if (rows !== ORDERS)
      throw new Error(`schedule.render.2000: ${rows} rows after scrolling, expected ${ORDERS}`);
    ctx.log?.(`schedule.render.2000: ${samples.map((s) => Math.round(s)).join(' ')} ms`);
    return {
      rows: [{ ...row('schedule.render.2000', samples, { rps: NaN, rss: NaN }) }],
      notes: [
        `schedule.render.2000: ${ORDERS} orders on ${ROUTES} routes (answer ${(body.length / 1e6).toFixed(1)} MB served by a route intercept), ` +
          `${SAMPLES} full navigations of the production build, navigation start → last route in the DOM ` +
          `(${atMark} rows of the first screens rendered by then; the rest render as their route nears the viewport, ` +
          `all ${ORDERS} checked after scrolling); ` +
          `median ${Math.round(samples.slice().sort((a, b) => a - b)[SAMPLES >> 1])} ms.`,
      ],
    };
  } finally {
    await browser.close();
  }
}
