import { Type, type Static } from 'typebox';
import {
  FleetMessages,
  OWNER_STATUSES,
  SERVICE_DUE_KINDS,
  VEHICLE_LIMITS,
  VEHICLE_RADII,
  type FleetManagerAnswer,
  type Vehicle,
  type VehicleInput,
  type VehicleSaveBody as VehicleSaveContract,
  type VehicleWhere,
} from '@portal/contracts';
import { assertType, DayOrEmpty, Id, strict, Text, type Accepts, type Same } from './common.js';

const Status = Type.Enum([0, 1] as const, { errorMessage: 'status must be 0 (inactive) or 1 (active)' });
const YEAR = 'Year must be a year (1900 or later).';
const Miles = (label: string) =>
  Type.Number({
    minimum: 0,
    maximum: 10_000_000,
    errorMessage: `${label} must be a number of miles (0 or more).`,
  });
const DueKind = Type.Enum(SERVICE_DUE_KINDS, {
  errorMessage: `due must be one of ${SERVICE_DUE_KINDS.join(', ')}`,
});

const dataFields = {
  regpaperwork: Type.Boolean(),
  reg_exp: DayOrEmpty('Registration expiry'),
  insurance: DayOrEmpty('Insurance expiry'),
  aaa_id: Text('AAA ID', VEHICLE_LIMITS.text),
  tiresize: Text('Tire size', VEHICLE_LIMITS.text),
  mileage_loc: Miles('Mileage at last oil change'),
  mileage_tirechange: Miles('Mileage at last tire change'),
  mileage_brakes: Miles('Mileage at last brake change'),
  wintertires: Type.Boolean(),
  spare: Type.Boolean(),
  chains: Type.Boolean(),
  autosocksize: Text('Autosock size', VEHICLE_LIMITS.text),
  camera: Type.Boolean(),
  alarm: Type.Boolean(),
  radius: Type.Enum(['', ...VEHICLE_RADII] as const, { errorMessage: 'radius must be long, mid or local' }),
  ownerstatus: Type.Enum(['', ...OWNER_STATUSES] as const, {
    errorMessage: 'ownerstatus must be owned, leased or rental',
  }),
  add_maint: Text('Additional maintenance', VEHICLE_LIMITS.notes),
  notes: Text('Notes', VEHICLE_LIMITS.notes),
  maint: Text('Maintenance notes', VEHICLE_LIMITS.notes),
  cashVan: Type.Boolean(),
  pickupVan: Type.Boolean(),
  vRadius: Text('Radius', VEHICLE_LIMITS.text),
};
export const VehicleDataView = strict(dataFields);
const DataInput = Type.Partial(VehicleDataView, { additionalProperties: false });

export const ServiceDueView = strict({
  kind: DueKind,
  label: Type.String(),
  milesSince: Type.Optional(Type.Number()),
  expiresOn: Type.Optional(Type.String()),
  daysLeft: Type.Optional(Type.Number()),
});
export const VehicleView = strict({
  id: Type.String(),
  name: Type.String(),
  lic: Type.String(),
  vin: Type.String(),
  year: Type.Union([Type.Integer(), Type.Null()]),
  status: Status,
  mileage: Type.Number(),
  data: VehicleDataView,
  due: Type.Array(ServiceDueView),
  updatedAt: Type.Optional(Type.String()),
});
assertType<Same<Static<typeof VehicleView>, Vehicle>>(true);

/** Required-ness (name) is the domain's check, with the spec-style message. */
export const VehicleInputSchema = strict({
  id: Type.Optional(Id),
  name: Type.Optional(Text('Name', VEHICLE_LIMITS.name)),
  lic: Type.Optional(Text('License plate', VEHICLE_LIMITS.lic)),
  vin: Type.Optional(Type.String({ maxLength: 40, errorMessage: FleetMessages.vinLength })),
  year: Type.Optional(
    Type.Union(
      [Type.Integer({ minimum: VEHICLE_LIMITS.yearMin, maximum: 2100, errorMessage: YEAR }), Type.Null()],
      {
        errorMessage: YEAR,
      },
    ),
  ),
  status: Type.Optional(Status),
  mileage: Type.Optional(Miles('Mileage')),
  data: Type.Optional(DataInput),
});
export type VehicleInputBody = Static<typeof VehicleInputSchema>;
assertType<Accepts<VehicleInputBody, VehicleInput>>(true);

export const VehicleSaveBody = strict({
  vehicle: VehicleInputSchema,
  confirmLowerMileage: Type.Optional(Type.Boolean()),
});
assertType<Accepts<Static<typeof VehicleSaveBody>, VehicleSaveContract>>(true);
export const VehicleDeleteBody = strict({ vehicle: strict({ id: Id }) });

export const WhereSchema = strict({
  status: Type.Optional(Status),
  due: Type.Optional(
    Type.Union([Type.Boolean(), DueKind], { errorMessage: 'due must be true or an alert kind' }),
  ),
  q: Type.Optional(Text('Search', 100)),
});
assertType<Accepts<Static<typeof WhereSchema>, VehicleWhere>>(true);
export const VehicleWhereBody = strict({ where: Type.Optional(WhereSchema) });
/** GET ?status=0|1&due=true|oil|…&q= (querystrings are text: due 'true' means any alert). */
export const VehicleListQuery = strict({
  status: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 1, errorMessage: 'status must be 0 (inactive) or 1 (active)' }),
  ),
  due: Type.Optional(
    Type.Union([Type.Literal('true'), DueKind], { errorMessage: 'due must be true or an alert kind' }),
  ),
  q: Type.Optional(Text('Search', 100)),
});
export type VehicleListQuery = Static<typeof VehicleListQuery>;

export const VehicleList = strict({ data: strict({ vehicles: Type.Array(VehicleView) }) });
export const FleetManagerList = strict({
  data: strict({
    vehicles: Type.Array(VehicleView),
    counts: strict({ total: Type.Integer(), active: Type.Integer(), due: Type.Integer() }),
  }),
});
assertType<Same<Static<typeof FleetManagerList>, FleetManagerAnswer>>(true);
export const VehicleAnswer = strict({ message: Type.String(), data: strict({ vehicle: VehicleView }) });
