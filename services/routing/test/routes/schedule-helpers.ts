import type { OrderFacts, OrderSnapshotItem } from '@portal/contracts';

const addr = { name: 'Shop', street: '1 Main St', city: 'Seattle', zip: '98101' };
const noAddress = { name: '', street: '', city: '', zip: '' };

/** OrderFacts of a plain order (version 1, live, no route, driver, notes or manifest), with `f` over it. */
export function orderFacts(f: Partial<OrderFacts> = {}): OrderFacts {
  return {
    version: 1,
    updatedAt: '2026-01-01T00:00:00.000Z',
    deleted: 0,
    companyKeys: [],
    route: '',
    pickupRoute: '',
    pickupType: '',
    pickupDriver: '',
    deliveryDriver: '',
    weight: '1',
    notes: '',
    billingNotes: '',
    checkedin: false,
    checkedout: false,
    hasManifest: false,
    manifestSigned: false,
    pickupAddress: noAddress,
    destAddress: noAddress,
    createdBy: '',
    ...f,
  };
}
/** An order as a snapshot item / notice (what the read model applies): delivered on `day`. */
export function item(
  orderId: string,
  day: string,
  facts: Partial<OrderFacts> = {},
  fields: Partial<OrderSnapshotItem> = {},
): OrderSnapshotItem {
  return {
    id: `id-${orderId}`,
    orderId,
    status: 1,
    orderType: 'layover',
    orderDef: 'ext',
    pickupLN: 'A-1',
    destinationLN: 'B-1',
    vendorName: 'Green Farm',
    destName: 'Corner Shop',
    deliveryDate: `${day}T12:00:00.000Z`,
    ...fields,
    facts: orderFacts({
      updatedAt: new Date().toISOString(),
      companyKeys: ['a-1', 'b-1'],
      pickupAddress: addr,
      destAddress: addr,
      createdBy: 'Vera',
      ...facts,
    }),
  };
}

export interface Frame {
  event: string;
  id?: string;
  data?: unknown;
}
/** Reads server-sent event frames off a fetch response (comments skipped), each within `ms`. */
export function readFrames(res: Response, ms = 5000) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buf = '';
  return {
    async next(): Promise<Frame> {
      const deadline = Date.now() + ms;
      for (;;) {
        const end = buf.indexOf('\n\n');
        if (end >= 0) {
          const block = buf.slice(0, end);
          buf = buf.slice(end + 2);
          const f: Frame = { event: 'message' };
          let data = '';
          let any = false;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) continue;
            const [k, ...v] = line.split(':');
            const val = v.join(':').replace(/^ /, '');
            if (k === 'event') f.event = val;
            else if (k === 'id') f.id = val;
            else if (k === 'data') data += val;
            else continue;
            any = true;
          }
          if (!any) continue; // a comment or the retry line
          if (data) f.data = JSON.parse(data);
          return f;
        }
        const left = deadline - Date.now();
        if (left <= 0) throw new Error('no frame in time');
        const chunk = await Promise.race([
          reader.read(),
          new Promise<never>((_, rej) => setTimeout(() => rej(new Error('no frame in time')), left)),
        ]);
        if (chunk.done) throw new Error('stream ended');
        buf += decoder.decode(chunk.value, { stream: true });
      }
    },
  };
}
