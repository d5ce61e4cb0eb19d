import type { ServerResponse } from 'node:http';
import { Type } from 'typebox';
import { Role, DATE_PATTERN } from '@portal/contracts';
import { ProblemSchema, type FastifyPluginAsyncTypebox } from '@portal/service-kit';
import { liveEventFor, type LiveHub, type LiveScope } from '../domain/schedule/live.js';
import { callerDriverIds, scheduleDrivers } from '../domain/schedule/load.js';
import { watchDay } from '../readmodels/orders.js';
import { SCHEDULE_ROLES } from './schedule.js';

/** A comment line this often keeps proxies and the browser from closing an idle stream. */
export const HEARTBEAT_MS = 15_000;
/**
 * A stream ends after this long: the client reconnects with its token as it is then (a signed-out, deleted or
 * demoted user is refused at the reconnect) and resumes after its Last-Event-ID, so nothing is lost.
 */
export const MAX_STREAM_MS = 10 * 60_000;
/** Driver names on live events are refreshed at most this often. */
const NAMES_TTL_MS = 10_000;

const Query = Type.Object(
  {
    day: Type.String({ pattern: DATE_PATTERN, errorMessage: 'day must be a date (YYYY-MM-DD)' }),
    /** The cursor to resume after, for clients that cannot set Last-Event-ID (the header wins). */
    after: Type.Optional(Type.String({ pattern: '^\\d{1,20}$' })),
  },
  { additionalProperties: false },
);

let streams = 0;
/** Streams open in this process (tests check none is leaked after the client went). */
export const openStreams = () => streams;

const frame = (event: string, id: number, data: unknown) =>
  `id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * GET /api/schedule/live?day=YYYY-MM-DD: server-sent events of the day's order changes for the caller (staff every
 * order, a driver only theirs; README "Live"). A normal bearer-authenticated route (the browser reads it with fetch
 * streaming). First frame: `ready` (no resume) or the missed `order` events after Last-Event-ID, or `reset` when
 * they are gone (refetch the day). Then `order` frames (`id:` = cursor) and a `: hb` comment every 15 s. The reply
 * is hijacked (no serializer, no compression, no timeout); the stream ends when the client goes or the app closes.
 */
export const liveRoutes =
  (hub: LiveHub): FastifyPluginAsyncTypebox =>
  async (app) => {
    const open = new Set<ServerResponse>();
    let names = new Map<string, string>();
    let namesAt = 0;
    const refreshNames = async () => {
      namesAt = Date.now();
      // drivers and vehicles by id (an order names both): the schedule's own name map (domain/schedule/load.ts)
      names = new Map((await scheduleDrivers()).map((d) => [d.id, d.name]));
    };
    app.addHook('preClose', async () => {
      for (const res of open) res.end();
    });

    app.get(
      '/schedule/live',
      {
        config: { roles: SCHEDULE_ROLES },
        schema: {
          tags: ['schedule'],
          querystring: Query,
          response: { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema },
        },
      },
      async (request, reply) => {
        const { day, after } = request.query;
        const scope: LiveScope = {
          day,
          driverIds: request.user.role === Role.Driver ? await callerDriverIds(request.user) : null,
        };
        if (Date.now() - namesAt > NAMES_TTL_MS) await refreshNames();
        const header = request.headers['last-event-id'];
        const resume = Number(typeof header === 'string' && header ? header : (after ?? NaN));

        reply.hijack();
        const res = reply.raw;
        res.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache, no-transform',
          connection: 'keep-alive',
          'x-accel-buffering': 'no',
        });
        res.write('retry: 3000\n\n');
        open.add(res);
        streams++;

        let sent = 0;
        const send = (e: Parameters<typeof liveEventFor>[0]) => {
          if (e.cursor <= sent) return;
          sent = e.cursor;
          if (Date.now() - namesAt > NAMES_TTL_MS) void refreshNames().catch(() => undefined);
          const ev = liveEventFor(e, scope, names, new Date());
          if (ev) res.write(frame('order', e.cursor, ev));
        };
        // subscribe before replaying: a change during the replay is buffered, then sent once
        let replaying = true;
        const buffered: Parameters<typeof send>[0][] = [];
        const unsubscribe = hub.subscribe((e) => (replaying ? buffered.push(e) : send(e)));
        const unwatch = watchDay(day); // other instances' changes to the day followed, though it may not be cached here
        const missed = Number.isFinite(resume) ? hub.since(resume) : null;
        if (missed === 'reset') {
          sent = hub.cursor;
          res.write(frame('reset', hub.cursor, { cursor: hub.cursor, day }));
        } else if (missed === null) {
          sent = hub.cursor;
          res.write(frame('ready', hub.cursor, { cursor: hub.cursor, day }));
        } else {
          sent = resume;
          for (const e of missed) send(e);
        }
        replaying = false;
        for (const e of buffered) send(e);

        const beat = setInterval(() => res.write(': hb\n\n'), HEARTBEAT_MS);
        beat.unref();
        const end = setTimeout(() => res.end(), MAX_STREAM_MS);
        end.unref();
        const done = () => {
          clearInterval(beat);
          clearTimeout(end);
          unsubscribe();
          unwatch();
          if (open.delete(res)) streams--;
        };
        res.on('close', done);
        request.raw.on('close', () => {
          if (!res.writableEnded) res.end();
        });
      },
    );
  };
