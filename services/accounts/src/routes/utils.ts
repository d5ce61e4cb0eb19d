import type { FastifyPluginAsyncTypebox } from '@portal/service-kit';
import { Type, type Static } from 'typebox';
import { Role } from '@portal/contracts';
import { Problem, type OutboxMethods } from '@portal/service-kit';
import { uploadRoutes } from './utils-upload.js';
import { problems } from '../schemas.js';
import { AppConfig, readConfig } from '../models/app-config.js';
import { configChanged } from '../events/publishes.js';
import { dropConfigCache, serveConfig } from '../lib/config-cache.js';

/** Known keys are typed; the rest pass through (the spec lists more switches in the orders document). */
const ConfigValues = Type.Object(
  {
    defaultId: Type.Optional(Type.String()),
    externalUrl: Type.Optional(Type.String()),
    logoType: Type.Optional(
      Type.Union([
        Type.Literal('orig'),
        Type.Literal('new'),
        Type.Literal('nj'),
        Type.Literal('wh'),
        Type.Literal('gh'),
      ]),
    ),
    menu: Type.Optional(Type.Object({}, { additionalProperties: true })),
    hideRoutes: Type.Optional(Type.Array(Type.String())),
    signupEmails: Type.Optional(Type.Array(Type.String({ format: 'email' }))),
    'account.toslink': Type.Optional(Type.String()),
    'sigs.show': Type.Optional(Type.Boolean()),
  },
  { additionalProperties: true },
);
const ConfigAnswer = Type.Object({ data: ConfigValues });
const answer = async () => ({ data: (await readConfig()) as Static<typeof ConfigValues> });

export const utilsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(uploadRoutes);
  app.get(
    '/utils/config',
    { config: { public: true }, schema: { tags: ['config'], response: { 200: ConfigAnswer } } },
    // From memory with an ETag (lib/config-cache.ts): every page load of every visitor reads it.
    (request, reply) => serveConfig(request, reply) as Promise<Static<typeof ConfigAnswer>>,
  );

  app.post(
    '/utils/config',
    {
      config: { roles: [Role.superadmin] },
      schema: {
        tags: ['config'],
        body: Type.Object({ data: ConfigValues }),
        response: { 200: ConfigAnswer, ...problems(400, 401, 403) },
      },
    },
    async (request) => {
      const entries = Object.entries(request.body.data).filter(([, v]) => v !== undefined);
      if (!entries.length) throw new Problem(400, 'data must contain at least one config key');
      const keys = entries.map(([k]) => k);
      // Every key but the last is a plain upsert; the last carries the event, written atomically with it, so
      // the change event is never published for a write that did not happen.
      for (const [key, value] of entries.slice(0, -1)) {
        await AppConfig.updateOne({ key }, { $set: { value } }, { upsert: true });
      }
      const [lastKey, lastValue] = entries[entries.length - 1]!;
      const doc = (await AppConfig.findOne({ key: lastKey })) ?? new AppConfig({ key: lastKey });
      doc.set('value', lastValue);
      doc.markModified('value');
      const event = configChanged(keys);
      (doc as unknown as OutboxMethods).addEvent(event.subject, event.data);
      await doc.save();
      dropConfigCache();
      return answer();
    },
  );
};
