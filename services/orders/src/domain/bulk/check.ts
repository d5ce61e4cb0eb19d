import {
  OrderMessages,
  OrderStatus,
  isStaff,
  licenceKey,
  validateOrder,
  type LicenceCopy,
  type OrderSwitches,
} from '@portal/contracts';
import { orderConfig } from '../config.js';
import { dayOf } from '@portal/contracts';
import { licencesByNumbers, type LicenceRecordView } from '../../readmodels/licences.js';
import { memberOf } from '../../readmodels/members.js';
import type { MappedRow } from './map.js';
import type { BulkCaller } from './caller.js';
import { DESTINATION_NOT_FOUND } from './errors.js';

/** Decided (the spec is silent): a vendor's row whose originating licence is another company's. */
export const notYourLicence = (ln: string) =>
  `Originating License ${ln} is not one of your company's licenses`;

export const licenceCopy = (r: LicenceRecordView): LicenceCopy => ({
  Licensee: r.Licensee,
  DBA: r.DBA,
  'License #': r['License #'],
  'Street Address': r['Street Address'],
  City: r.City,
  Zip: r.Zip,
  emails: [...r.emails],
});

/**
 * The order rules (contracts' validateOrder, the form's own) over every row, with one lookup of all the file's
 * licences, the config and the caller. Bulk differs from the form in two decided ways: a destination must be in
 * the licence list for everyone (a sheet has no address columns to fill in), worded "Unable to find Destination
 * License Number." (orders §5 "Bulk upload"); and a vendor's originating licence must be one of their company's.
 */
export async function checkRows(
  rows: MappedRow[],
  caller: BulkCaller,
  opts: { routeDays: RouteDaysOf; now?: Date },
): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (!rows.length) return out;
  const now = opts.now ?? new Date();
  const [licences, config, member] = await Promise.all([
    licencesByNumbers(rows.flatMap((r) => [r.input.order.pickupLN, r.input.order.destinationLN])),
    orderConfig(),
    memberOf(caller.userId),
  ]);
  const days = isStaff(caller.role)
    ? new Map<string, string[]>()
    : await daysByZip(rows, licences, now, opts.routeDays);
  const switches: OrderSwitches = config;
  const staff = isStaff(caller.role);
  const own = new Set(caller.companyKeys);
  for (const { row, input } of rows) {
    const o = input.order;
    const pickup = o.pickupLN ? licences.get(licenceKey(o.pickupLN)) : undefined;
    const dest = o.destinationLN ? licences.get(licenceKey(o.destinationLN)) : undefined;
    const errors = validateOrder(
      {
        order: { ...o, status: OrderStatus.received },
        billing: input.billing,
        ...(pickup ? { pickupCompany: licenceCopy(pickup) } : {}),
        ...(dest ? { destCompany: licenceCopy(dest) } : {}),
      },
      {
        role: caller.role,
        now,
        config: switches,
        destinationFound: !!dest,
        pickupFound: !!pickup,
        sameDayPickup: !!member?.sameDayPickup,
        ...(dest && days.has(dest.Zip) ? { allowedDeliveryDays: days.get(dest.Zip) } : {}),
      },
    );
    const messages: string[] = [];
    if (!staff && o.pickupLN && !own.has(licenceKey(o.pickupLN))) messages.push(notYourLicence(o.pickupLN));
    for (const [field, message] of Object.entries(errors)) {
      if (!message) continue;
      // bulk's own words for an unfound destination; a missing address is the same fact for a sheet
      if (field === 'destinationLN' && message === OrderMessages.licenceNotFound)
        messages.push(DESTINATION_NOT_FOUND);
      else if (field === 'destAddress') messages.push(DESTINATION_NOT_FOUND);
      else messages.push(message);
    }
    if (messages.length) out.set(row, [...new Set(messages)]);
  }
  return out;
}

/** The delivery days of a zip between two days ('YYYY-MM-DD'): routing's /routes/find, with the uploader's token. */
export type RouteDaysOf = (zip: string, from: string, to: string) => Promise<string[]>;

/** Zips asked of routing at once. */
const ZIP_CONCURRENCY = 6;

/**
 * One routing call per destination zip over the file's span of delivery days, instead of one per row: the day rule
 * (non-staff deliver only on a route day of the destination zip, orders §5) for 5,000 rows in a few calls.
 */
async function daysByZip(
  rows: MappedRow[],
  licences: Map<string, LicenceRecordView>,
  now: Date,
  routeDays: RouteDaysOf,
): Promise<Map<string, string[]>> {
  const today = dayOf(now.toISOString());
  const span = new Map<string, { from: string; to: string }>();
  for (const { input } of rows) {
    const dest = input.order.destinationLN ? licences.get(licenceKey(input.order.destinationLN)) : undefined;
    const day = dayOf(input.order.preferredDelivery);
    if (!dest?.Zip || !day || day === 'invalid' || day < today) continue;
    const s = span.get(dest.Zip);
    span.set(
      dest.Zip,
      s ? { from: day < s.from ? day : s.from, to: day > s.to ? day : s.to } : { from: day, to: day },
    );
  }
  const out = new Map<string, string[]>();
  const queue = [...span.entries()];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift())
      out.set(next[0], await routeDays(next[0], next[1].from, next[1].to));
  };
  await Promise.all(Array.from({ length: Math.min(ZIP_CONCURRENCY, queue.length) }, worker));
  return out;
}
