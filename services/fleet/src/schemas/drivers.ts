import { Type, type Static } from 'typebox';
import { DRIVER_LIMITS, type Driver, type DriverInput } from '@portal/contracts';
import { assertType, Id, strict, Text, type Accepts, type Same } from './common.js';

export const DriverView = strict({
  id: Type.String(),
  name: Type.String(),
  phone: Type.String(),
  email: Type.String(),
  lic: Type.String(),
  occLic: Type.String(),
  userId: Type.Optional(Type.String()),
});
assertType<Same<Static<typeof DriverView>, Driver>>(true);

/** The Drivers tab's row. Required-ness is the domain's check (its message: "Name is required. "). */
export const DriverInputSchema = strict({
  id: Type.Optional(Id),
  name: Type.Optional(Text('Name', DRIVER_LIMITS.name)),
  phone: Type.Optional(Text('Phone', DRIVER_LIMITS.phone)),
  email: Type.Optional(Text('Email', DRIVER_LIMITS.email)),
  lic: Type.Optional(Text('License', DRIVER_LIMITS.lic)),
  occLic: Type.Optional(Text('Occupational License', DRIVER_LIMITS.occLic)),
});
export type DriverInputBody = Static<typeof DriverInputSchema>;
assertType<Accepts<DriverInputBody, DriverInput>>(true);

export const DriverSaveBody = strict({ driver: DriverInputSchema });
export const DriverDeleteBody = strict({ driver: strict({ id: Id }) });
export const DriverWhereBody = strict({
  where: Type.Optional(strict({ q: Type.Optional(Text('Search', 100)) })),
});
export const DriverList = strict({ data: strict({ drivers: Type.Array(DriverView) }) });
export const DriverAnswer = strict({ message: Type.String(), data: strict({ driver: DriverView }) });
export const MessageAnswer = strict({ message: Type.String() });
