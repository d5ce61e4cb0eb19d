import { Type, type Static } from 'typebox';

/**
 * fleet's request and response shapes (TypeBox, strict: unknown query fields are a 400, responses carry only what
 * is declared; an undeclared query field is dropped by the kit's AJV). When mfe-fleet reads these types they move to @portal/contracts, the one place a shape shared by a
 * browser and a service is written (issue 10).
 */
export const VehicleView = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    lic: Type.String(),
    vin: Type.String(),
    year: Type.Union([Type.Integer(), Type.Null()]),
    status: Type.Union([Type.Literal(0), Type.Literal(1)]),
    mileage: Type.Number(),
  },
  { additionalProperties: false },
);
export type VehicleView = Static<typeof VehicleView>;

export const DriverView = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    phone: Type.String(),
    email: Type.String(),
    lic: Type.String(),
    occLic: Type.String(),
  },
  { additionalProperties: false },
);
export type DriverView = Static<typeof DriverView>;

/** `?status=0|1` narrows the staff's list; a driver's list is active vehicles whatever they ask. */
export const VehicleListQuery = Type.Object(
  {
    status: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 1, errorMessage: 'status must be 0 (inactive) or 1 (active)' }),
    ),
  },
  { additionalProperties: false },
);
export type VehicleListQuery = Static<typeof VehicleListQuery>;

export const VehicleList = Type.Object(
  { data: Type.Object({ vehicles: Type.Array(VehicleView) }, { additionalProperties: false }) },
  { additionalProperties: false },
);
export const DriverList = Type.Object(
  { data: Type.Object({ drivers: Type.Array(DriverView) }, { additionalProperties: false }) },
  { additionalProperties: false },
);
