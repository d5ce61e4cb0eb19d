import { FleetMessages, type ServiceDue, type ServiceDueKind, type VehicleData } from './fleet.js';

/** Fleet rules shared by the screens and the service: the VIN check and the service-due alerts. */
/** Orders §4/§9: miles between changes. */
export const SERVICE_INTERVALS = { oil: 3_500, tires: 35_000, brakes: 35_000 } as const;
/** Registration and insurance alerts start this many days before expiry. */
export const EXPIRY_WARNING_DAYS = 30;

const VIN_VALUES: Record<string, number> = Object.fromEntries(
  [...'ABCDEFGHJKLMNPRSTUVWXYZ'].map((c, i) => [
    c,
    [1, 2, 3, 4, 5, 6, 7, 8, 1, 2, 3, 4, 5, 7, 9, 2, 3, 4, 5, 6, 7, 8, 9][i]!,
  ]),
);
const VIN_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/**
 * The VIN rule: '' (unknown) passes; otherwise 17 characters of A–Z (no I, O, Q) and 0–9 whose 9th is the North
 * American check digit (ISO 3779 weights, remainder 10 written X). Returns the message, or undefined when valid.
 * Callers trim and upper-case first (normalizeVin).
 */
export function vinProblem(vin: string): string | undefined {
  if (vin === '') return undefined;
  if (!/^[A-HJ-NPR-Z0-9]{17}$/.test(vin)) return FleetMessages.vinLength;
  const sum = [...vin].reduce(
    (s, c, i) => s + (/\d/.test(c) ? Number(c) : VIN_VALUES[c]!) * VIN_WEIGHTS[i]!,
    0,
  );
  const check = sum % 11 === 10 ? 'X' : String(sum % 11);
  return vin[8] === check ? undefined : FleetMessages.vinCheckDigit;
}
export const normalizeVin = (vin: string): string => vin.trim().toUpperCase();

const DAY_MS = 86_400_000;
const miles = (n: number) => n.toLocaleString('en-US');

/**
 * The service-due alerts of a vehicle on `today` (orders §4, §9): oil at 3,500 miles since the last oil
 * change, tires and brakes at 35,000, registration and insurance expiring within 30 days (or expired). Pure: the
 * fleet table, the list filter and the service's crossing check all call it.
 */
export function serviceDue(
  v: {
    mileage: number;
    data: Pick<
      VehicleData,
      'mileage_loc' | 'mileage_tirechange' | 'mileage_brakes' | 'reg_exp' | 'insurance'
    >;
  },
  today: Date = new Date(),
): ServiceDue[] {
  const due: ServiceDue[] = [];
  const byMiles: [ServiceDueKind, number, string][] = [
    ['oil', v.data.mileage_loc, 'Oil change'],
    ['tires', v.data.mileage_tirechange, 'Tire change'],
    ['brakes', v.data.mileage_brakes, 'Brake change'],
  ];
  for (const [kind, last, what] of byMiles) {
    const since = v.mileage - (last || 0);
    if (since >= SERVICE_INTERVALS[kind as keyof typeof SERVICE_INTERVALS])
      due.push({ kind, milesSince: since, label: `${what} due (${miles(since)} mi since last)` });
  }
  const day = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  for (const [kind, on, what] of [
    ['registration', v.data.reg_exp, 'Registration'],
    ['insurance', v.data.insurance, 'Insurance'],
  ] as const) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(on)) continue;
    const daysLeft = Math.round((Date.parse(`${on}T00:00:00Z`) - day) / DAY_MS);
    if (daysLeft <= EXPIRY_WARNING_DAYS)
      due.push({
        kind,
        expiresOn: on,
        daysLeft,
        label: `${what} ${daysLeft < 0 ? 'expired' : 'expires'} ${on}`,
      });
  }
  return due;
}
