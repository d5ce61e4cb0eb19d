import type { FastifyPluginAsyncTypebox } from '@portal/service-kit';
import { Type } from 'typebox';
import { AuthMessages, Role } from '@portal/contracts';
import { Email, Profile, problems } from '../schemas.js';
import { resendSignUpPin, signUp, verifySignUp } from '../domain/sign-up.js';
import { renewInviteLink } from '../domain/invites.js';
import { depsOf } from '../domain/deps.js';
import { Code, Message, NewEmail, NewPassword, bodyEmail } from './auth-common.js';

const SignUpBody = Type.Object({
  email: NewEmail,
  password: NewPassword,
  /** Sign-up by invite: the token from the invite mail's link. */
  inviteToken: Type.Optional(Type.String({ maxLength: 200 })),
  data: Type.Optional(
    Type.Object({
      role: Type.Optional(Type.Integer({ minimum: Role.SuperAdmin, maximum: Role.User })),
      // only the licence is taken at sign-up; the profile form sets the rest of the company later
      company: Type.Optional(Type.Object({ 'License #': Type.Optional(Type.String({ maxLength: 100 })) })),
    }),
  ),
  method: Type.Optional(Type.Union([Type.Literal('license'), Type.Literal('invite')])),
});
const VerifyAnswer = Type.Object({
  message: Type.Optional(Type.String()),
  user: Profile,
});

/** Sign-up, pin verification and pin resend (ACCOUNTS-API `auth`), all public; rules in domain/sign-up.ts. */
export const signUpRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = depsOf(app);
  app.post(
    '/auth/signUp',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        body: SignUpBody,
        response: { 201: Type.Object({ message: Type.String(), email: Type.String() }), ...problems(400) },
      },
    },
    async (request, reply) => {
      const email = await signUp(deps, request.body);
      return reply.code(201).send({ message: AuthMessages.signedUp(email), email });
    },
  );

  app.post(
    '/auth/verify',
    {
      config: { public: true, rateLimitBy: bodyEmail },
      schema: {
        tags: ['auth'],
        body: Type.Object({ email: Email, pin: Code }),
        response: { 200: VerifyAnswer, ...problems(400) },
      },
    },
    async (request) => verifySignUp(deps, request.body.email, request.body.pin),
  );

  app.post(
    '/auth/sendValidation',
    {
      config: { public: true, rateLimitBy: bodyEmail },
      schema: {
        tags: ['auth'],
        body: Type.Object({ email: Email }),
        response: { 200: Message, ...problems(400, 404, 429) },
      },
    },
    async (request) => {
      await resendSignUpPin(deps, request.body.email);
      return { message: AuthMessages.codeSent(request.body.email.trim().toLowerCase()) };
    },
  );

  app.post(
    '/auth/inviteLink',
    {
      // an invitation link of the old kind (no token): the invited address asks for a new one; every request
      // counts per address across accounts, as forgot-password's do (each may send a mail)
      config: { public: true, rateLimitBy: bodyEmail, failureLimit: 'every' },
      schema: {
        tags: ['auth'],
        body: Type.Object({ email: Email }),
        response: { 200: Message, ...problems(400, 429) },
      },
    },
    async (request) => {
      await renewInviteLink(deps, request.body.email);
      return { message: AuthMessages.inviteLinkSent };
    },
  );
};
