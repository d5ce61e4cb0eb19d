import { Type } from 'typebox';
import { Messages } from '@portal/contracts';
import { ProblemSchema } from '@portal/service-kit';

/** problem+json (the kit's shape) for each listed status code. */
export const problems = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, ProblemSchema]));

export const VerifiedValue = Type.Union([Type.Boolean(), Type.Literal('suspended')]);

export const Company = Type.Object({
  'License #': Type.Optional(Type.String()),
  Licensee: Type.Optional(Type.String()),
  'Licensee DBA': Type.Optional(Type.String()),
  DBA: Type.Optional(Type.String()),
  'Street Address': Type.Optional(Type.String()),
  City: Type.Optional(Type.String()),
  Zip: Type.Optional(Type.String()),
  licenseNumbers: Type.Optional(Type.Array(Type.String())),
  logo: Type.Optional(Type.String()),
  phone: Type.Optional(Type.String()),
  billingContactName: Type.Optional(Type.String()),
  billingContactEmail: Type.Optional(Type.String()),
  billingAddress: Type.Optional(Type.String()),
  active: Type.Optional(Type.Boolean()),
});

export const Name = Type.Object({
  firstName: Type.Optional(Type.String()),
  lastName: Type.Optional(Type.String()),
});
export const Alerts = Type.Object({ email: Type.Optional(Type.Boolean()) });

/** The profile a client sees (id, email, name, role, verified, company, ...). */
export const Profile = Type.Object({
  id: Type.String(),
  email: Type.String(),
  sub: Type.Optional(Type.String()),
  name: Type.Optional(Name),
  role: Type.Integer({ minimum: 0, maximum: 4 }),
  verified: VerifiedValue,
  company: Type.Optional(Company),
  alerts: Type.Optional(Alerts),
  hasSentEmail: Type.Optional(Type.Boolean()),
  sameDayPickup: Type.Optional(Type.Boolean()),
  createdAt: Type.Optional(Type.String()),
  updatedAt: Type.Optional(Type.String()),
});

export const Email = Type.String({ format: 'email', maxLength: 100, errorMessage: Messages.invalidEmail });
