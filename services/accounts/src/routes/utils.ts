import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@portal/service-kit';
import { Type, type Static } from 'typebox';
import { LICENCE_MAX, Role } from '@portal/contracts';
import { Problem } from '@portal/service-kit';
import { uploadRoutes } from './utils-upload.js';
import { problems } from '../schemas.js';
import { readConfig } from '../models/app-config.js';
import { CONFIG_CACHE_CONTROL, currentConfig, etagMatches, saveConfig } from '../domain/config.js';

/** Known keys are typed; the rest pass through (the spec lists more switches in the orders document). */
const KNOWN = {
  // the licence number a new licence record starts with (accounts §9 "Default licence id … unless config overrides")
  defaultId: Type.Optional(Type.String({ maxLength: LICENCE_MAX['License #'] })),
  logoType: Type.Optional(
    Type.Union([
      Type.Literal('orig'),
      Type.Literal('new'),
      Type.Literal('nj'),
      Type.Literal('wh'),
      Type.Literal('gh'),
    ]),
  ),
  hideRoutes: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 200 })),
  signupEmails: Type.Optional(Type.Array(Type.String({ maxLength: 254, format: 'email' }), { maxItems: 50 })),
  'account.toslink': Type.Optional(Type.String({ maxLength: 2000 })),
  'sigs.show': Type.Optional(Type.Boolean()),
};
// Config keys are open-ended (settings add keys): any key up to 200 characters, declared rather than left open.
const ConfigValues = Type.Object(KNOWN, { patternProperties: { '^.{1,200}$': {} } });
// Bodies drop unknown properties (kit: removeAdditional 'all'); config keys are open-ended, so any key is "known".
const ConfigIn = Type.Object(KNOWN, { patternProperties: { '^.{1,200}$': {} } });
const ConfigAnswer = Type.Object({ data: ConfigValues });
/** The whole config, internal keys included (superadmin only; the public GET leaves them out). */
const answer = async () => ({ data: (await readConfig()) as Static<typeof ConfigValues> });

/** 304 without a body (the typed reply only knows the schema's 200). */
const notModified = (reply: FastifyReply) => reply.code(304).send();

export const utilsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(uploadRoutes);
  app.get(
    '/utils/config',
    { config: { public: true }, schema: { tags: ['config'], response: { 200: ConfigAnswer } } },
    // From memory with an ETag (domain/config.ts): every page load of every visitor reads it.
    async (request, reply) => {
      const { data, etag } = await currentConfig();
      reply.header('etag', etag).header('cache-control', CONFIG_CACHE_CONTROL);
      if (etagMatches(request.headers['if-none-match'], etag)) return notModified(reply);
      return { data: data as Static<typeof ConfigValues> };
    },
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
      return { data: (await saveConfig(entries)) as Static<typeof ConfigValues> };
    },
  );
};
