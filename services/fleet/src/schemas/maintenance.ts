import { Type, type Static } from 'typebox';
import {
  MAINTENANCE_LIMITS,
  MAINTENANCE_TYPES,
  type MaintenanceAnswer as MaintenanceAnswerContract,
  type MaintenanceInput,
  type MaintenanceListAnswer,
} from '@portal/contracts';
import { assertType, Day, strict, Text, type Accepts, type Same } from './common.js';
import { VehicleView } from './vehicles.js';

const Type_ = Type.Enum(
  [
    'change_oil',
    'change_tires',
    'change_brakes',
    'change_other',
  ] as const satisfies (keyof typeof MAINTENANCE_TYPES)[],
  {
    errorMessage: 'Type must be change_oil, change_tires, change_brakes or change_other',
  },
);

/** All fields are required except other (orders §5); their messages are the domain's ("Date is required. "). */
export const MaintenanceInputSchema = strict({
  date: Type.Optional(Day('Date')),
  mileage: Type.Optional(
    Type.Number({
      minimum: 0,
      maximum: 10_000_000,
      errorMessage: 'Mileage must be a number of miles (0 or more).',
    }),
  ),
  type: Type.Optional(Type_),
  other: Type.Optional(Text('Other', MAINTENANCE_LIMITS.other)),
  cost: Type.Optional(
    Type.Number({
      minimum: 0,
      maximum: MAINTENANCE_LIMITS.costMax,
      errorMessage: 'Cost must be an amount in dollars (0 or more).',
    }),
  ),
});
export type MaintenanceInputBody = Static<typeof MaintenanceInputSchema>;
assertType<Accepts<MaintenanceInputBody, MaintenanceInput>>(true);
export const MaintenanceSaveBody = strict({ maintenance: MaintenanceInputSchema });

export const MaintenanceView = strict({
  id: Type.String(),
  vehicleId: Type.String(),
  date: Type.String(),
  mileage: Type.Number(),
  type: Type_,
  other: Type.String(),
  cost: Type.Number(),
  createdAt: Type.String(),
  createdBy: Type.String(),
});
export const MaintenanceList = strict({
  data: strict({ vehicle: VehicleView, maintenance: Type.Array(MaintenanceView) }),
});
assertType<Same<Static<typeof MaintenanceList>, MaintenanceListAnswer>>(true);
export const MaintenanceAnswer = strict({
  message: Type.String(),
  data: strict({ vehicle: VehicleView, maintenance: MaintenanceView }),
});
assertType<Same<Static<typeof MaintenanceAnswer>, MaintenanceAnswerContract>>(true);
