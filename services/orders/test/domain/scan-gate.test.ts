// The custody gate (both policies) and the scan steps as pure rules: table-driven, no HTTP, no database.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  OrderMessages as M,
  OrderStatus,
  Role,
  ScanMessages as SM,
  type RoleNumber,
} from '@portal/contracts';
import { Problem } from '@portal/service-kit';
import {
  checkoutMissing,
  decideGate,
  deliveryMissing,
  GateBlocked,
  updateGate,
} from '../../src/domain/custody-gate.js';
import {
  boxCount,
  paperDelivery,
  planCheckIn,
  planCheckOut,
  planDelivered,
  planPickedUp,
  sha256,
} from '../../src/domain/scan/steps.js';
import { replayOf } from '../../src/domain/scan/run.js';
import type { Caller } from '../../src/domain/order-access.js';
import type { OrderDoc } from '../../src/models/order.js';

const NOW = new Date('2026-11-25T10:00:00Z');
const SIG = { name: 'Dee Driver', image: 'data:image/png;base64,AAAA' };
const RECEIVER = { name: 'Rita Receiver', image: 'data:image/png;base64,BBBB' };
const caller = (role: RoleNumber, signature: typeof SIG | null = SIG): Caller => ({
  userId: `u-${role}`,
  name: `User ${role}`,
  role,
  companyKeys: [],
  suspended: false,
  driverIds: [],
  sameDayPickup: false,
  ...(signature ? { signature } : {}),
});
const matching = { current: { licencesMatch: true } } as OrderDoc['manifest'];
const mismatched = { current: { licencesMatch: false } } as OrderDoc['manifest'];
const order = (over: Record<string, unknown> = {}, doc: Partial<OrderDoc> = {}): OrderDoc =>
  ({
    _id: 'x',
    orderId: 'G-1',
    version: 3,
    deleted: 0,
    manifest: {},
    history: [],
    data: {
      order: { status: OrderStatus.approved, weight: '3', ...over },
      pickupCompany: {},
      destCompany: {},
      billing: {},
    },
    ...doc,
  }) as unknown as OrderDoc;

test('gate: what check-out and delivered lack, item by item', () => {
  const cases: [string, unknown, string[]][] = [
    ['no manifest field', {}, [SM.missingManifest]],
    ['manifest without a current upload', { manifest: { signed: [] } }, [SM.missingManifest]],
    ['licences do not match', { manifest: mismatched }, [SM.manifestMismatch]],
    ['licencesMatch absent is not a match', { manifest: { current: {} } }, [SM.manifestMismatch]],
    ['matching manifest', { manifest: matching }, []],
  ];
  for (const [name, input, want] of cases) assert.deepEqual(checkoutMissing(input as never), want, name);
  assert.deepEqual(deliveryMissing({}), [SM.missingReceiverSignature]);
  assert.deepEqual(deliveryMissing({ receiverSignature: { image: '' } }), [SM.missingReceiverSignature]);
  assert.deepEqual(deliveryMissing({ receiverSignature: RECEIVER }), []);
});

test('gate decision: pass, staff override with a reason, 409 naming what is missing, 403 override by others', () => {
  const missing = [SM.missingManifest];
  const rows: [string, RoleNumber, string[], { reason: string } | undefined, string][] = [
    ['nothing missing', Role.User, [], undefined, 'pass'],
    ['vendor blocked', Role.AccountAdmin, missing, undefined, '409 no-override'],
    ['admin blocked without a reason', Role.Admin, missing, undefined, '409 overridable'],
    ['admin overrides', Role.Admin, missing, { reason: 'manifest on paper' }, 'override'],
    ['superadmin overrides', Role.SuperAdmin, missing, { reason: ' manifest on paper ' }, 'override'],
    ['vendor may not override', Role.AccountAdmin, missing, { reason: 'please' }, '403'],
    ['driver may not override, even with nothing missing', Role.Driver, [], { reason: 'please' }, '403'],
  ];
  for (const [name, role, miss, override, want] of rows) {
    let got: string;
    try {
      const d = decideGate('check out', miss, role, override, 'strict');
      got = d.override ? 'override' : 'pass';
      if (d.override) assert.deepEqual(d.override, { reason: 'manifest on paper', missing: miss }, name);
    } catch (e) {
      if (e instanceof GateBlocked) {
        got = `409 ${e.overridable ? 'overridable' : 'no-override'}`;
        assert.equal(
          e.detail.split(' An admin')[0],
          'Cannot check out this order: no manifest has been uploaded for this order.',
        );
      } else got = String((e as Problem).status);
    }
    assert.equal(got, want, name);
  }
});

test('check-in toggles the stamp: on, already on, removed, already off; deleted and cancelled refused', () => {
  const c = caller(Role.Admin);
  const on = planCheckIn(order(), c, false, NOW);
  assert.equal(on.kind, 'write');
  if (on.kind === 'write') {
    assert.equal(on.step, 'checked-in');
    assert.deepEqual(on.data.order.checkedin, { time: NOW.toISOString(), user: 'u-1' });
    assert.deepEqual(on.changes, [
      { path: 'data.order.checkedin.time', to: NOW.toISOString() },
      { path: 'data.order.checkedin.user', to: 'u-1' },
    ]);
    assert.equal(on.message, M.checkedIn);
    assert.equal(on.gate, undefined, 'check-in is not gated');
  }
  const stamped = order({ checkedin: { time: 't', user: 'u' } });
  assert.deepEqual(planCheckIn(stamped, c, false, NOW), { kind: 'same', message: SM.alreadyCheckedIn });
  const off = planCheckIn(stamped, c, true, NOW);
  assert.equal(off.kind === 'write' && off.step, 'check-in-removed');
  assert.equal(off.kind === 'write' && off.data.order.checkedin, null);
  assert.deepEqual(planCheckIn(order(), c, true, NOW), { kind: 'same', message: SM.notCheckedIn });
  assert.throws(() => planCheckIn(order({}, { deleted: 1 }), c, false, NOW), { detail: M.orderDeleted });
  assert.throws(() => planCheckIn(order({}, { deleted: 2 }), c, false, NOW), { detail: M.orderCancelled });
});

test('check-out sets the confirmed box count as the weight and carries the gate', () => {
  const c = caller(Role.AccountAdmin);
  const p = planCheckOut(order({}, { manifest: matching }), c, { weight: '05' }, NOW);
  assert.ok(p.kind === 'write');
  assert.equal(p.data.order.weight, '5');
  assert.deepEqual(p.detail, { boxes: 5 });
  assert.deepEqual(p.gate, { action: 'check out', missing: [] });
  assert.equal(p.message, 'Order checked out successfully!');
  const noManifest = planCheckOut(order(), c, {}, NOW);
  assert.ok(noManifest.kind === 'write');
  assert.equal(noManifest.data.order.weight, '3', 'no count sent: the stored one');
  assert.deepEqual(noManifest.gate?.missing, [SM.missingManifest]);
  for (const bad of ['0', 'x', '1234567'])
    assert.throws(() => boxCount(bad, '1'), { detail: SM.badWeight }, bad);
  assert.equal(boxCount(undefined, undefined), '1');
  const out = order({ checkedout: { time: 't', user: 'u' } });
  assert.deepEqual(planCheckOut(out, c, {}, NOW), { kind: 'same', message: SM.alreadyCheckedOut });
  const undo = planCheckOut(out, c, { undo: true }, NOW);
  assert.ok(
    undo.kind === 'write' && undo.step === 'check-out-removed' && !undo.gate,
    'removing is not gated',
  );
});

test('picked up: status, check-in stamp and pickup signature; moves and signature checked', () => {
  const d = caller(Role.Driver);
  const p = planPickedUp(order(), d, NOW);
  assert.ok(p.kind === 'write');
  assert.equal(p.step, 'picked-up');
  assert.equal(p.data.order.status, OrderStatus.pickedUp);
  assert.equal(p.data.order.signature?.pickup?.name, SIG.name);
  assert.equal(p.data.order.checkedin?.user, 'u-2');
  assert.equal(p.detail.signatureSha256, sha256(SIG.image));
  assert.ok(p.statusMoved);
  assert.deepEqual(planPickedUp(order({ status: OrderStatus.pickedUp }), d, NOW), {
    kind: 'same',
    message: SM.alreadyPickedUp,
  });
  assert.throws(() => planPickedUp(order(), caller(Role.Driver, null), NOW), {
    status: 400,
    detail: `${M.noSignature} ${M.setupSignature}`,
  });
  assert.throws(() => planPickedUp(order({ status: OrderStatus.delivered }), d, NOW), {
    status: 409,
    detail: M.illegalTransition('Delivered', 'Order Picked Up'),
  });
});

test('delivered: receiver signature from the call or stored, driver signature auto-filled, gate otherwise', () => {
  const d = caller(Role.Driver);
  const picked = order({ status: OrderStatus.pickedUp });
  const p = planDelivered(picked, d, RECEIVER, NOW);
  assert.ok(p.kind === 'write');
  assert.equal(p.data.order.status, OrderStatus.delivered);
  assert.equal(p.data.order.signature?.customer?.name, RECEIVER.name);
  assert.equal(p.data.order.signature?.driver?.name, SIG.name, 'driver signature auto-filled (§4)');
  assert.deepEqual(p.gate, { action: 'mark delivered', missing: [] });
  assert.deepEqual(p.changes.at(-1), {
    path: 'evidence.receiverSignatureSha256',
    to: sha256(RECEIVER.image),
  });
  const none = planDelivered(picked, d, undefined, NOW);
  assert.deepEqual(none.kind === 'write' && none.gate?.missing, [SM.missingReceiverSignature]);
  const stored = order({ status: OrderStatus.inTransit, signature: { customer: RECEIVER } });
  const s = planDelivered(stored, d, undefined, NOW);
  assert.deepEqual(s.kind === 'write' && s.gate?.missing, []);
  const staff = planDelivered(picked, caller(Role.Admin, null), RECEIVER, NOW);
  assert.ok(staff.kind === 'write' && !staff.data.order.signature?.driver, 'staff sign nothing of their own');
  assert.throws(() => planDelivered(order({ status: OrderStatus.approved }), d, RECEIVER, NOW), {
    status: 409,
  });
});

test('a replay is found by its scanId in the ledger', () => {
  const h = [
    { action: 'created', changes: [] },
    {
      action: 'checked-in',
      changes: [
        { path: 'data.order.checkedin', to: {} },
        { path: 'scanId', to: 'scan-0001' },
      ],
    },
  ] as never[];
  assert.equal(replayOf(h, 'scan-0001')?.action, 'checked-in');
  assert.equal(replayOf(h, 'scan-0002'), undefined);
});

test('advisory policy: a missing item passes for every role and is recorded; an override stays staff-only', () => {
  const missing = [SM.missingReceiverSignature];
  for (const role of [Role.Driver, Role.AccountAdmin, Role.Admin])
    assert.deepEqual(decideGate('mark delivered', missing, role, undefined, 'advisory'), {
      pass: true,
      advisory: { missing },
    });
  assert.deepEqual(decideGate('mark delivered', [], Role.Driver, undefined, 'advisory'), { pass: true });
  assert.deepEqual(decideGate('mark delivered', missing, Role.Admin, { reason: ' on paper ' }, 'advisory'), {
    pass: true,
    override: { reason: 'on paper', missing },
  });
  assert.throws(() => decideGate('check out', [], Role.Driver, { reason: 'please' }, 'advisory'), {
    status: 403,
  });
});

test('paper-signed delivery: staff with a reason and a printed name; refusals before anything is read', () => {
  const reason = { reason: 'Signed the paper manifest' };
  assert.equal(paperDelivery(caller(Role.Admin), { id: 'x' } as never), undefined);
  assert.equal(
    paperDelivery(caller(Role.Admin), { paper: { name: ' Rita R ' }, override: reason }),
    'Rita R',
  );
  const rows: [RoleNumber, object, number, string][] = [
    [Role.Driver, { paper: { name: 'R' }, override: reason }, 403, SM.paperStaffOnly],
    [Role.AccountAdmin, { paper: { name: 'R' }, override: reason }, 403, SM.paperStaffOnly],
    [Role.Admin, { paper: { name: 'R' } }, 400, SM.paperNeedsReason],
    [Role.Admin, { paper: { name: 'R' }, override: { reason: ' a ' } }, 400, SM.paperNeedsReason],
    [Role.Admin, { paper: { name: '  ' }, override: reason }, 400, SM.paperName],
    [Role.Admin, { paper: { name: 'R' }, override: reason, signature: RECEIVER }, 400, SM.paperWithSignature],
  ];
  for (const [role, body, status, detail] of rows)
    assert.throws(() => paperDelivery(caller(role), body), { status, detail }, JSON.stringify(body));
  const p = planDelivered(
    order({ status: OrderStatus.inTransit }),
    caller(Role.Admin, null),
    undefined,
    NOW,
    'Rita R',
  );
  assert.ok(p.kind === 'write');
  assert.deepEqual(p.data.order.signature?.customer, { name: 'Rita R', date: NOW.toISOString() });
  assert.deepEqual(p.gate?.missing, [SM.missingReceiverSignature], 'paper counts as missing: an override');
  assert.deepEqual(p.changes.at(-1), {
    path: 'evidence.receiverSignature',
    to: { onPaper: true, name: 'Rita R' },
  });
  assert.deepEqual(p.detail, { receiverSignature: 'paper' });
  assert.equal(p.message, SM.paperRecorded);
});

test('the generic update path meets the same gate (no override there): strict refuses, advisory records', () => {
  type Prev = Parameters<typeof updateGate>[0];
  const assertUpdateGate = (p: Prev, n: Parameters<typeof updateGate>[1]) => updateGate(p, n, 'strict');
  const prev = (o: object, manifest: object = {}): Prev =>
    ({ manifest, data: { order: { status: 1, ...o } } }) as Prev;
  const stamp = { time: 't', user: 'u' };
  assert.throws(() => assertUpdateGate(prev({}), { order: { status: 1, checkedout: stamp } }), {
    status: 409,
    detail: 'Cannot check out this order: no manifest has been uploaded for this order.',
  });
  assert.doesNotThrow(() =>
    assertUpdateGate(prev({}, matching!), { order: { status: 1, checkedout: stamp } }),
  );
  assert.doesNotThrow(() =>
    assertUpdateGate(prev({ checkedout: stamp }), { order: { status: 1, checkedout: stamp } }),
  );
  assert.throws(() => assertUpdateGate(prev({ status: 2 }), { order: { status: 3 } }), {
    detail: "Cannot mark delivered this order: the receiver's signature is missing.",
  });
  const signed = { order: { status: 3, signature: { customer: RECEIVER } } };
  assert.doesNotThrow(() => assertUpdateGate(prev({ status: 2 }), signed));
  assert.doesNotThrow(
    () => assertUpdateGate(prev({ status: 3 }), { order: { status: 3 } }),
    'already delivered',
  );
  const advisory = updateGate(prev({ status: 2 }), { order: { status: 3, checkedout: stamp } }, 'advisory');
  assert.deepEqual(advisory, [
    { path: 'gate', to: { policy: 'advisory', missing: [SM.missingManifest, SM.missingReceiverSignature] } },
  ]);
  assert.deepEqual(updateGate(prev({ status: 2 }), signed, 'advisory'), [], 'nothing missing');
});
