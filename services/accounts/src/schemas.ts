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

export const Signature = Type.Object({
  image: Type.Optional(Type.String()),
  name: Type.Optional(Type.String()),
  date: Type.Optional(Type.String()),
});
export const ProfileData = Type.Object({
  notification: Type.Optional(Type.Object({ qbMismatch: Type.Optional(Type.Boolean()) })),
});

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
