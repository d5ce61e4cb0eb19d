import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@portal/service-kit';
import {
  ALL_ROLES,
  DESTINATION_DAYS,
  deliversOvernight,
  orderDeliveryDays,
  zip5,
  type DestinationAnswer,
} from '@portal/contracts';
import { licenceByNumber } from '../readmodels/licences.js';
import { routesFor } from '../domain/order-route-days.js';
import { errors } from '../schemas/order.js';

const Copy = Type.Object({
  'License #': Type.String(),
  Licensee: Type.String(),
  DBA: Type.String(),
  'Street Address': Type.String(),
  City: Type.String(),
  Zip: Type.String(),
});
const Answer = Type.Object({
  data: Type.Object({
    destination: Type.Union([Copy, Type.Null()]),
    zip: Type.String(),
    days: Type.Array(Type.String()),
    overnightDays: Type.Array(Type.String()),
    pickupRoute: Type.Array(Type.Object({ route: Type.String(), day: Type.String() })),
  }),
});
const DAY_MS = 86_400_000;

/**
 * GET /orders/destination?licence=…|zip=… — what the order form shows for a destination: the licence record as the
 * order will copy it (address and zip; no mail addresses) and the days an order may be delivered there, computed by
 * the same function the create/update validation runs (domain/order-route-days.ts, contracts orderDeliveryDays), and
 * the licence's pickup routes (route and day) for the form's pickup-day confirmation.
 * Any signed-in role: a vendor picks any listed destination.
 */
export const destinationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/orders/destination',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: ['orders'],
        querystring: Type.Object({
          licence: Type.Optional(Type.String({ maxLength: 100 })),
          zip: Type.Optional(Type.String({ maxLength: 10 })),
        }),
        response: { 200: Answer, ...errors },
      },
    },
    async (request): Promise<DestinationAnswer> => {
      const { licence, zip: typed } = request.query;
      const r = licence?.trim() ? await licenceByNumber(licence) : null;
      const destination = r
        ? {
            'License #': r['License #'],
            Licensee: r.Licensee,
            DBA: r.DBA,
            'Street Address': r['Street Address'],
            City: r.City,
            Zip: r.Zip,
          }
        : null;
      const zip = zip5(destination?.Zip || typed || '');
      const now = Date.now();
      const from = new Date(now).toISOString().slice(0, 10);
      const to = new Date(now + (DESTINATION_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
      const routes = zip
        ? await routesFor(zip, from, to, {
            routingUrl: String(app.env.ROUTING_URL),
            authorization: request.headers.authorization,
          })
        : [];
      // the same rule as create/update (deliveryDaysFor), and which of those days deliver overnight
      const days = orderDeliveryDays(routes).filter((d) => d >= from && d <= to);
      const overnightDays = days.filter((d) => deliversOvernight(routes, d));
      // the licence's pickup routes: the admins' pickup-day question when it is the order's origin (orders §5)
      const pickupRoute = (r?.pickupRoute ?? []).map((p) => ({ route: p.route, day: p.day }));
      return { data: { destination, zip, days, overnightDays, pickupRoute } };
    },
  );
};
