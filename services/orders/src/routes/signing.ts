import { Problem, type FastifyPluginAsyncTypebox } from '@portal/service-kit';
import {
  ALL_ROLES,
  SignManifestAnswerSchema,
  SignManifestBodySchema,
  SigningMessages,
  type SignManifestBody,
} from '@portal/contracts';
import { callerOf } from '../domain/order-access.js';
import { prepareSigning } from '../domain/signing/rules.js';
import { profileImageData } from '../domain/signing/profile-image.js';
import { signOne, type SignedResult } from '../domain/signing/sign.js';
import * as S from '../schemas/order.js';

const tags = ['orders', 'manifests'];

/**
 * `POST /api/orders/signmanifest` (orders §7 "with notify option"; the signature pad). Every role may call:
 * who signs what is the domain's (drivers as driver on their orders, the receiver as customer, staff either; a
 * vendor is refused per order). One order → its own status on failure (400/403/404/409 in the rule's words); several
 * → 200 with what was signed and what failed, one by one (the browser sends two at a time, §9).
 */
export const signingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/orders/signmanifest',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags,
        body: SignManifestBodySchema,
        response: { 200: SignManifestAnswerSchema, ...S.errors },
      },
    },
    async (request) => {
      const c = await callerOf(request.user, request.headers.authorization);
      // checked by contracts' JSON Schema (plain: the browser shares the module) — the same shape as this type
      const body = request.body as unknown as SignManifestBody;
      const appUrl = String(app.env.APP_URL);
      // "My saved signature": the profile keeps the picture's address; signing needs its bytes
      const saved = 'profile' in body.signature && c.signature?.image ? c.signature : undefined;
      const profile = saved && { ...saved, image: await profileImageData(saved.image, appUrl) };
      const p = prepareSigning(body, profile);
      const deps = { store: app, appUrl };
      const ids = [...new Set(body.ids)];
      const signed: SignedResult[] = [];
      const failed: { id: string; status: number; message: string }[] = [];
      for (const id of ids) {
        try {
          signed.push(await signOne(c, id, p, deps));
        } catch (err) {
          if (!(err instanceof Problem)) throw err;
          if (ids.length === 1) throw err;
          failed.push({ id, status: err.status, message: err.detail });
        }
      }
      return {
        message: SigningMessages.signed(signed.length, ids.length),
        data: { signed, failed },
      };
    },
  );
};
