import mongoose, { Schema, type InferSchemaType } from 'mongoose';

/**
 * A saved route map (orders spec §3 "Map state"): `_id` is `{routeId}_{YYYY-MM-DD}` (contracts `mapIdOf`), its
 * stops in saved order with their deleted flags. No events: only the map modal and the tracking part read it.
 */
const addressSchema = new Schema(
  {
    address: { type: String, default: '' },
    name: { type: String, default: '' },
    deleted: { type: Boolean, default: false },
    order: { type: Number, required: true },
    orderId: { type: String },
    zip: { type: String },
  },
  { _id: false },
);

const mapSchema = new Schema(
  {
    _id: { type: String, required: true },
    addresses: { type: [addressSchema], default: [] },
    lastUpdated: { type: Date, required: true },
    /** The user (token subject) who saved it last. */
    updatedBy: { type: String, default: '' },
  },
  { minimize: false, versionKey: false },
);

export type MapDoc = InferSchemaType<typeof mapSchema>;
export const RouteMap = mongoose.model('RouteMap', mapSchema, 'maps');
