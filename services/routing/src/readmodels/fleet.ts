import mongoose, { Schema } from 'mongoose';
import {
  STREAMS,
  Subjects,
  type DriverChangedData,
  type DriverLinkData,
  type VehicleChangedData,
} from '@portal/contracts';
import { defineConsumer } from '@portal/service-kit';

/**
 * Routing's copy of fleet's drivers and vehicles (a read model), fed by `fleet.driver.changed.v1`,
 * `fleet.driver.linked.v1` / `unlinked.v1`, `fleet.vehicle.changed.v1` (fleetFeedConsumer below) and by
 * `fleet.snapshot.published.v1` pages (feed.ts). Fleet's events carry no version, so each write
 * keeps the event time it came from (`asOf`) and an older event never overwrites a newer one. Deleted records stay
 * flagged (old schedules keep naming them); the lists leave them out.
 */
export interface ReadDriver {
  id: string;
  name: string;
  email: string;
  /** The portal user (accounts id) the driver record is linked to ('' when none). */
  userId: string;
  deleted: boolean;
}
export interface ReadVehicle {
  id: string;
  name: string;
  lic: string;
  status: 0 | 1;
  /** Service kinds due now (fleet's serviceDue), e.g. ['oil']. */
  due: string[];
  deleted: boolean;
}

const driverSchema = new Schema(
  {
    _id: { type: String, required: true },
    name: { type: String, default: '' },
    email: { type: String, default: '' },
    userId: { type: String, default: '' },
    deleted: { type: Boolean, default: false },
    asOf: { type: Date, required: true },
    linkAsOf: { type: Date, default: () => new Date(0) },
  },
  { minimize: false, versionKey: false },
);
driverSchema.index({ userId: 1 });
driverSchema.index({ email: 1 });
const vehicleSchema = new Schema(
  {
    _id: { type: String, required: true },
    name: { type: String, default: '' },
    lic: { type: String, default: '' },
    status: { type: Number, default: 1 },
    due: { type: [String], default: [] },
    deleted: { type: Boolean, default: false },
    asOf: { type: Date, required: true },
  },
  { minimize: false, versionKey: false },
);

export const ReadDriverModel = mongoose.model('RoutingReadDriver', driverSchema, 'read_drivers');
export const ReadVehicleModel = mongoose.model('RoutingReadVehicle', vehicleSchema, 'read_vehicles');

const dup = (err: unknown) => {
  if ((err as { code?: number }).code !== 11000) throw err;
};

/** Upsert guarded by time: applies when the stored asOf is older (or the record is new). */
async function guarded(
  model: mongoose.Model<any>,
  id: string,
  set: Record<string, unknown>,
  at: Date,
  field = 'asOf',
): Promise<void> {
  const r = await model.updateOne({ _id: id, [field]: { $lte: at } }, { $set: { ...set, [field]: at } });
  if (r.matchedCount) return;
  await model.create({ _id: id, asOf: new Date(0), ...set, [field]: at }).catch(dup);
}

export async function applyDriver(d: DriverChangedData, at: Date): Promise<void> {
  const { id, name, email, userId } = d.driver;
  const set: Record<string, unknown> = { name, email: email.toLowerCase(), deleted: d.action === 'deleted' };
  if (userId !== undefined) set.userId = userId;
  await guarded(ReadDriverModel, id, set, at);
}

export async function applyDriverLink(l: DriverLinkData, linked: boolean, at: Date): Promise<void> {
  if (linked) {
    // one user per driver record; a link moved ends the old user's link on other records too
    await guarded(ReadDriverModel, l.driverId, { userId: l.userId }, at, 'linkAsOf');
  } else {
    await ReadDriverModel.updateOne(
      { _id: l.driverId, userId: l.userId, linkAsOf: { $lte: at } },
      { $set: { userId: '', linkAsOf: at } },
    );
  }
}

export async function applyVehicle(v: VehicleChangedData & { vehicle: { due?: string[] } }, at: Date) {
  const { id, name, lic, status, due } = v.vehicle;
  const set: Record<string, unknown> = { name, lic, status, deleted: v.action === 'deleted' };
  if (due) set.due = due;
  await guarded(ReadVehicleModel, id, set, at);
}

const driverOf = (d: any): ReadDriver => ({
  id: String(d._id),
  name: d.name ?? '',
  email: d.email ?? '',
  userId: d.userId ?? '',
  deleted: !!d.deleted,
});

const vehicleOf = (v: any): ReadVehicle => ({
  id: String(v._id),
  name: v.name ?? '',
  lic: v.lic ?? '',
  status: v.status === 0 ? 0 : 1,
  due: v.due ?? [],
  deleted: !!v.deleted,
});

/** Live drivers by name. */
export async function listDrivers(): Promise<ReadDriver[]> {
  return (await ReadDriverModel.find({ deleted: false }).sort({ name: 1 }).lean()).map(driverOf);
}
/** A driver, deleted ones included (an old order names them). */
export async function driverById(id: string): Promise<ReadDriver | null> {
  const d = await ReadDriverModel.findById(id).lean();
  return d ? driverOf(d) : null;
}
/**
 * A portal user's driver records: those linked to the user (fleet's link carries the accounts user id), or linked
 * records with the caller's verified token email (fleet links a driver record to the user of that email and role 2,
 * and routing keeps no accounts users: the token's `sub` is not the accounts id).
 */
async function driversOfUser(userId: string, email?: string) {
  const or: Record<string, unknown>[] = [];
  if (userId) or.push({ userId });
  if (email) or.push({ email: email.toLowerCase(), userId: { $ne: '' } });
  if (!or.length) return [];
  return ReadDriverModel.find({ $or: or, deleted: false }, { _id: 1, userId: 1 }).lean();
}
/** The fleet driver ids of a portal user (the weekly schedule's rows). */
export async function fleetDriverIdsOfUser(userId: string, email?: string): Promise<string[]> {
  return (await driversOfUser(userId, email)).map((d) => String(d._id)).sort();
}
/**
 * The ids orders may name a portal user by as their driver: the fleet driver ids (the order form's picker) and the
 * portal user id linked to them (orders accepts that too).
 */
export async function driverIdsOfUser(userId: string, email?: string): Promise<string[]> {
  const docs = await driversOfUser(userId, email);
  const ids = docs.flatMap((d) => [String(d._id), ...(d.userId ? [String(d.userId)] : [])]);
  return [...new Set(ids)].sort();
}
/** Live vehicles by name. */
export async function listVehicles(): Promise<ReadVehicle[]> {
  return (await ReadVehicleModel.find({ deleted: false }).sort({ name: 1 }).lean()).map(vehicleOf);
}
export async function vehicleById(id: string): Promise<ReadVehicle | null> {
  const v = await ReadVehicleModel.findById(id).lean();
  return v ? vehicleOf(v) : null;
}
/** The newest applied time (null when empty): the snapshot feed's freshness check. */
export async function fleetAsOf(): Promise<Date | null> {
  const d = await ReadDriverModel.findOne({}, { asOf: 1 }).sort({ asOf: -1 }).lean();
  return d ? (d.asOf as Date) : null;
}

/** Fleet's driver, link and vehicle events → this read model, guarded by time. */
export const fleetFeedConsumer = defineConsumer({
  durable: 'routing-fleet-feed',
  stream: STREAMS.fleet,
  subjects: [Subjects.driverChanged, Subjects.driverLinked, Subjects.driverUnlinked, Subjects.vehicleChanged],
  concurrency: 1,
  async handle(event) {
    const at = new Date(event.time);
    if (event.type === Subjects.driverChanged) return applyDriver(event.data as never, at);
    if (event.type === Subjects.vehicleChanged) return applyVehicle(event.data as never, at);
    await applyDriverLink(event.data as never, event.type === Subjects.driverLinked, at);
  },
});
