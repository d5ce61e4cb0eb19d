import { Type } from 'typebox';
import { STAFF_ROLES } from '@portal/contracts';
import type { FastifyPluginAsyncTypebox } from '@portal/service-kit';
import { callerOf, readableOrder } from '../domain/order-access.js';
import * as S from '../schemas/order.js';

/**
 * The ledger's anchoring (domain/ledger-anchoring.ts) beside the order calls: staff sign an order's head (or every
 * chain written since the last run) now instead of at the next run; anyone may read the public key that checks
 * the checkpoints (auditors verify LEDGER_ANCHORS without the service).
 */
export const ledgerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['orders'];
  app.post(
    '/orders/ledger/checkpoint',
    {
      config: { roles: [...STAFF_ROLES] },
      schema: {
        tags,
        body: Type.Object({ id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })) }),
        response: {
          200: Type.Object({ signed: Type.Optional(Type.Integer()), verdict: Type.Optional(S.VerifyAnswer) }),
          ...S.errors,
        },
      },
    },
    async (request) => {
      const { id } = request.body;
      if (!id) return { signed: await app.ledgerAnchors.anchorChanged(new Date(), 0) };
      const c = await callerOf(request.user, request.headers.authorization);
      const o = await readableOrder(c, id, { history: true });
      return { verdict: await app.ledgerAnchors.anchorNow({ orderId: o.orderId, history: o.history ?? [] }) };
    },
  );
  app.get(
    '/orders/ledger/key',
    {
      config: { public: true },
      schema: {
        tags,
        response: {
          200: Type.Object({
            algorithm: Type.Literal('Ed25519'),
            keyId: Type.String(),
            publicKey: Type.String(),
          }),
        },
      },
    },
    async () => ({
      algorithm: 'Ed25519' as const,
      keyId: app.ledgerAnchors.keyId,
      publicKey: app.ledgerAnchors.publicKey,
    }),
  );
};
