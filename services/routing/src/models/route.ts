import mongoose, { Schema, type InferSchemaType } from 'mongoose';
import { LIMITS } from '@portal/contracts';

/**
 * A location row of a route (orders spec §3 "Route"): `dayOfTheWeek` holds weekday codes (mon … sun) or numeric
 * day offsets from the 2023-01-01 marker, as the editor writes them; issue 11 parses them in the domain.
 */
const rowSchema = new Schema(
  {
    city: { type: String, default: '', trim: true },
    zipCode: { type: String, default: '', trim: true },
    dayOfTheWeek: { type: String, default: '' },
    biWeekly: { type: Boolean, default: false },
    overnight: { type: Boolean, default: false },
    price: { type: Number, default: 0, min: 0 },
  },
  { _id: true },
);

/**
 * A delivery route: name, start time, location rows. A deleted route is flagged, not removed: past orders and
 * schedules keep naming it.
 */
const routeSchema = new Schema(
  {
    name: { type: String, required: true, trim: true, maxlength: LIMITS.routeName },
    startTime: { type: String, default: '', match: /^$|^([01]\d|2[0-3]):[0-5]\d$/ },
    rows: { type: [rowSchema], default: [] },
    deleted: { type: Boolean, default: false },
  },
  { timestamps: true },
);
// The list: live routes by name. `deleted` is the pushed-down equality; deleted routes are what makes it grow.
routeSchema.index({ deleted: 1, name: 1 });

export type RouteDoc = InferSchemaType<typeof routeSchema> & { _id: mongoose.Types.ObjectId };
export const Route = mongoose.model('Route', routeSchema);
