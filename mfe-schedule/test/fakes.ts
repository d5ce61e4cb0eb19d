// Fake routing answers for the component tests, and the check that keeps fakes and screen honest: every request body
// the screen sends and every 2xx answer a fake gives must pass services/routing's own TypeBox schemas.
import { Value } from 'typebox/value';
import type { TSchema } from 'typebox';
import type { Route, RouteFindAnswer, RouteRow } from '@portal/contracts';
import * as S from '@portal/routing-service/schemas';

const SCHEMAS: Record<string, { body?: TSchema; answer: TSchema }> = {
  'GET /api/routes': { answer: S.RoutesAnswer },
  'POST /api/routes/create': { body: S.RouteCreateBody, answer: S.RouteAnswer },
  'POST /api/routes/update': { body: S.RouteUpdateBody, answer: S.RouteAnswer },
  'POST /api/routes/delete': { body: S.RouteDeleteBody, answer: S.RouteDeleteAnswer },
  'POST /api/routes/find': { body: S.RouteFindBody, answer: S.RouteFindAnswer },
};

/** For mountComponent's `check`: the answer against the route's schema (errors carry only a message). */
export function checkAnswer(method: string, url: string, status: number, body: unknown): string[] {
  const s = SCHEMAS[`${method} ${url}`];
  if (!s) return [`no schema for ${method} ${url}`];
  if (status >= 300)
    return typeof (body as { message?: unknown }).message === 'string' ? [] : ['error without message'];
  return Value.Check(s.answer, body)
    ? []
    : [`${method} ${url} answer: ${JSON.stringify([...Value.Errors(s.answer, body)][0])}`];
}

/** The request bodies the screen sent, each checked against the service's body schema. */
export function bodyProblems(calls: { call: string; body: unknown }[]): string[] {
  return calls.flatMap(({ call, body }) => {
    const s = SCHEMAS[call]?.body;
    return !s || Value.Check(s, body)
      ? []
      : [`${call} body: ${JSON.stringify([...Value.Errors(s, body)][0])}`];
  });
}

export const row = (id: string, city: string, days = 'mon,wed', zipCode = '95501'): RouteRow => ({
  id,
  city,
  zipCode,
  dayOfTheWeek: days,
  biWeekly: false,
  overnight: false,
  price: 40,
  data: {},
});
export const route = (id: string, name: string, startTime: string, rows: RouteRow[]): Route => ({
  id,
  name,
  data: { startTime, rows },
  created: '2026-11-01T10:00:00.000Z',
  lastUpdated: '2026-11-02T10:00:00.000Z',
});

export const NORTH = route('r1', 'North Coast', '06:00', [
  row('a', 'Eureka'),
  row('b', 'Arcata', 'tue,thur'),
]);
export const VALLEY = route('r2', 'Valley', '08:30', [row('c', 'Redding', 'fri', '96001')]);

export const found = (zip: string): RouteFindAnswer => ({
  data: {
    zip,
    from: '2026-11-23',
    to: '2026-12-20',
    routes: [
      {
        routeId: 'r1',
        name: 'North Coast',
        rowId: 'a',
        city: 'Eureka',
        zipCode: zip,
        startTime: '06:00',
        dayOfTheWeek: 'mon,wed',
        biWeekly: false,
        overnight: false,
        utility: false,
        dates: ['2026-11-23', '2026-11-25'],
        deliveryDates: ['2026-11-23', '2026-11-25'],
      },
    ],
    dates: ['2026-11-23', '2026-11-25'],
  },
});
