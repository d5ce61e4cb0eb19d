import mongoose, { Schema, type InferSchemaType } from 'mongoose';
import { ROUTE_LIMITS } from '@portal/contracts';
import { withOutbox, type OutboxStatics } from '@portal/service-kit';

/**
 * A location row of a route (orders spec §3 "Route"): `dayOfTheWeek` holds weekday codes (mon … sun) or strict
 * dates as day offsets from the 2023-01-01 marker, as the editor writes them (domain/days.ts reads them).
 */
const rowSchema = new Schema(
  {
    city: { type: String, default: '', maxlength: ROUTE_LIMITS.city },
    zipCode: { type: String, default: '' },
    dayOfTheWeek: { type: String, default: '' },
    biWeekly: { type: Boolean, default: false },
    overnight: { type: Boolean, default: false },
    price: { type: Number, default: 0, min: 0 },
    data: { notes: { type: String } },
  },
  { _id: true },
);

/**
 * A delivery route: name, start time, location rows. A deleted route is flagged, not removed: past orders and
 * schedules keep naming it. `created`/`lastUpdated` are the spec's names, set by the domain (not mongoose
 * timestamps: the event written with an update must carry the very lastUpdated stored).
 */
const routeSchema = new Schema(
  {
    name: { type: String, required: true, maxlength: ROUTE_LIMITS.name },
    /**
     * The name's comparison key (trimmed, lower case): unique, so two live routes cannot share a name however it
     * is typed. A deleted route's key is freed (`<key>#deleted-<id>`): its name may be used again.
     */
    nameKey: { type: String, required: true, unique: true },
    startTime: { type: String, default: '' },
    rows: { type: [rowSchema], default: [] },
    deleted: { type: Boolean, default: false },
    created: { type: Date, required: true },
    lastUpdated: { type: Date, required: true },
  },
  { minimize: false },
);
routeSchema.plugin(withOutbox);
// The list: live routes by name. `deleted` is the pushed-down equality; deleted routes are what makes it grow.
routeSchema.index({ deleted: 1, name: 1 });

export const nameKeyOf = (name: string) => name.trim().toLowerCase();
export const deletedNameKey = (name: string, id: unknown) => `${nameKeyOf(name)}#deleted-${String(id)}`;

export type RouteDoc = InferSchemaType<typeof routeSchema> & { _id: mongoose.Types.ObjectId };
const RouteModel = mongoose.model('Route', routeSchema);
export const Route = RouteModel as typeof RouteModel & OutboxStatics;
