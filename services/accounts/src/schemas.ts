import { Type } from 'typebox';
import {
  AccountState,
  Messages,
  NAME_MAX_LENGTH,
  NAME_PATTERN,
  Role,
  PHONE_INPUT_MAX_LENGTH,
  nameInvalidMessage,
} from '@portal/contracts';
import { ProblemSchema } from '@portal/service-kit';

/** problem+json (the kit's shape) for each listed status code. */
export const problems = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, ProblemSchema]));

/** An account state (contracts AccountState): pending false, verified true, or suspended. */
export const VerifiedValue = Type.Union([Type.Boolean(), Type.Literal(AccountState.Suspended)]);

/**
 * Every string a client sends has a length bound in the schema, checked before any pattern or format (so
 * no regex ever runs on a 1 MiB value). These are sanity caps; the §5 rules with their own messages
 * (lib/profiles.ts profileError) are stricter.
 */
const Text = (maxLength: number) => Type.String({ maxLength });
const Licence = Type.String({ maxLength: 100 });

export const Company = Type.Object({
  'License #': Type.Optional(Licence),
  Licensee: Type.Optional(Text(500)),
  'Licensee DBA': Type.Optional(Text(500)),
  DBA: Type.Optional(Text(500)),
  'Street Address': Type.Optional(Text(500)),
  City: Type.Optional(Text(200)),
  Zip: Type.Optional(Text(20)),
  licenseNumbers: Type.Optional(Type.Array(Licence, { maxItems: 100 })),
  logo: Type.Optional(Text(2000)),
  phone: Type.Optional(
    Type.String({ maxLength: PHONE_INPUT_MAX_LENGTH, errorMessage: Messages.phoneInvalid }),
  ),
  billingContactName: Type.Optional(Text(500)),
  billingContactEmail: Type.Optional(Text(254)),
  billingAddress: Type.Optional(Text(500)),
  active: Type.Optional(Type.Boolean()),
});

/**
 * A first or last name as sent: at most 100, then Keycloak's person-name rule (a `<` used to come back as a 502 from
 * Keycloak). allOf runs in order, so the length is checked before the pattern, each with its own message.
 */
const PersonName = Type.Intersect([
  Type.String({
    maxLength: NAME_MAX_LENGTH,
    errorMessage: Messages.fieldTooLong('Contact Name', NAME_MAX_LENGTH),
  }),
  Type.String({ pattern: NAME_PATTERN, errorMessage: nameInvalidMessage('Contact Name') }),
]);
export const Name = Type.Object({
  firstName: Type.Optional(PersonName),
  lastName: Type.Optional(PersonName),
});
/** A name as answered (responses are serialised, not validated: no pattern there). */
export const NameOut = Type.Object({
  firstName: Type.Optional(Type.String()),
  lastName: Type.Optional(Type.String()),
});
export const Alerts = Type.Object({ email: Type.Optional(Type.Boolean()) });

export const Signature = Type.Object({
  image: Type.Optional(Text(2000)),
  name: Type.Optional(Text(200)),
  date: Type.Optional(Text(100)),
});
export const ProfileData = Type.Object({
  notification: Type.Optional(Type.Object({ qbMismatch: Type.Optional(Type.Boolean()) })),
});

/** The profile a client sees (id, email, name, role, verified, company, ...). */
export const Profile = Type.Object({
  id: Type.String(),
  email: Type.String(),
  sub: Type.Optional(Type.String()),
  name: Type.Optional(NameOut),
  role: Type.Integer({ minimum: Role.SuperAdmin, maximum: Role.User }),
  verified: VerifiedValue,
  company: Type.Optional(Company),
  alerts: Type.Optional(Alerts),
  hasSentEmail: Type.Optional(Type.Boolean()),
  sameDayPickup: Type.Optional(Type.Boolean()),
  publicorderslink: Type.Optional(Type.String()),
  signature: Type.Optional(Signature),
  data: Type.Optional(ProfileData),
  createdAt: Type.Optional(Type.String()),
  updatedAt: Type.Optional(Type.String()),
});

export const Email = Type.String({ format: 'email', maxLength: 100, errorMessage: Messages.invalidEmail });

export const Windows = Type.Object({
  mon: Type.String(),
  tue: Type.String(),
  wed: Type.String(),
  thur: Type.String(),
  fri: Type.String(),
  sat: Type.String(),
  sun: Type.String(),
});
export const PickupRoute = Type.Object({ route: Type.String(), day: Type.String() });

/** Licence record "LN" as the API shows it (spec §3). */
export const LicenceRecordOut = Type.Object({
  id: Type.String(),
  'License #': Type.String(),
  Licensee: Type.String(),
  DBA: Type.String(),
  'Street Address': Type.String(),
  City: Type.String(),
  Zip: Type.String(),
  emails: Type.Array(Type.String()),
  pickupRoute: Type.Array(PickupRoute),
  windows: Windows,
  active: Type.Boolean(),
  FacilityType: Type.String(),
});

/** Invite as the API shows it (spec §3). */
export const InviteOut = Type.Object({
  id: Type.String(),
  email: Type.String(),
  date: Type.String(),
  invited: Type.String(),
  user: Type.Object({ email: Type.Optional(Type.String()), company: Type.Optional(Company) }),
  data: Type.Object({ accepted: Type.Boolean(), notified: Type.Boolean() }),
});

export const Message = Type.Object({ message: Type.String() });
