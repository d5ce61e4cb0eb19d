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
const KNOWN = {
  defaultId: Type.Optional(Type.String({ maxLength: 200 })),
  externalUrl: Type.Optional(Type.String({ maxLength: 2000 })),
  logoType: Type.Optional(
    Type.Union([
      Type.Literal('orig'),
      Type.Literal('new'),
      Type.Literal('nj'),
      Type.Literal('wh'),
      Type.Literal('gh'),
    ]),
  ),
  menu: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  hideRoutes: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 200 })),
  signupEmails: Type.Optional(Type.Array(Type.String({ maxLength: 254, format: 'email' }), { maxItems: 50 })),
  'account.toslink': Type.Optional(Type.String({ maxLength: 2000 })),
  'sigs.show': Type.Optional(Type.Boolean()),
};
const ConfigValues = Type.Object(KNOWN, { additionalProperties: true });
// Bodies drop unknown properties (kit: removeAdditional 'all'); config keys are open-ended, so any key is "known".
const ConfigIn = Type.Object(KNOWN, { patternProperties: { '^.{1,200}$': {} } });
const ConfigAnswer = Type.Object({ data: ConfigValues });
/** The whole config, internal keys included (superadmin only; the public GET leaves them out). */
const answer = async () => ({ data: (await readConfig()) as Static<typeof ConfigValues> });

export const utilsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(uploadRoutes);
  app.get(
    '/utils/config',
    { config: { public: true }, schema: { tags: ['config'], response: { 200: ConfigAnswer } } },
    // From memory with an ETag (lib/config-cache.ts): every page load of every visitor reads it.
    (request, reply) => serveConfig(request, reply) as Promise<Static<typeof ConfigAnswer>>,
  );

  app.get(
    '/utils/config/all',
    {
      config: { roles: [Role.SuperAdmin] },
      schema: { tags: ['config'], response: { 200: ConfigAnswer, ...problems(401, 403) } },
    },
    answer,
  );

  app.post(
    '/utils/config',
    {
      config: { roles: [Role.SuperAdmin] },
      schema: {
        tags: ['config'],
        body: Type.Object({ data: ConfigIn }),
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
