import { LabelMessages, type LabelsBody } from '@portal/contracts';
import { Problem } from '@portal/service-kit';
import { orderConfig } from '../config.js';
import { writeCustodyStep } from '../custody-write.js';
import { assertActive, writableOrder, type Caller } from '../order-access.js';
import type { OrderDoc } from '../../models/order.js';
import { labelCount, labelFacts, labelRefusal } from './facts.js';
import { labelLogo } from './logo.js';

/** A refused label (orders §4): 409 with "SHIPPING LABEL ERROR", the current and the allowed status. */
export class LabelRefused extends Problem {
  constructor(
    detail: string,
    readonly currentStatus: string,
    readonly allowedStatus: string,
  ) {
    super(409, detail, { currentStatus, allowedStatus });
    this.name = 'LabelRefused';
  }
}

export interface PrintDeps {
  appUrl: string;
  now?: () => Date;
}

/** The labels' PDF and the order after its `labels-printed` ledger entry. */
export interface Printed {
  pdf: Uint8Array;
  count: number;
  order: OrderDoc;
}

/** A lost race with another write (the order moved on between read and write) is retried on a fresh read. */
const RETRIES = 2;
const isConflict = (e: unknown) => e instanceof Problem && e.status === 409;

/**
 * Print labels (orders §2 Labels, §4, §5, §9): the caller's own order (staff: any; a receiver may read but
 * not print it: 403), a printable status, a count from 1 to the cap (default the box count). The PDF is built
 * first; then ONE custody step `labels-printed` (count) records who printed how many when.
 */
export async function printLabels(c: Caller, body: LabelsBody, deps: PrintDeps): Promise<Printed> {
  assertActive(c);
  for (let attempt = 0; ; attempt++) {
    const o = await writableOrder(c, body.id);
    const refused = labelRefusal(o);
    if (refused) throw new LabelRefused(refused.detail, refused.currentStatus, refused.allowedStatus);
    const count = labelCount(body.count, o.data.order.weight);
    if (count === null) throw new Problem(400, LabelMessages.count);
    const logo = await labelLogo((await orderConfig()).labelLogo, deps.appUrl);
    // pdf-lib and qrcode load with the first labels printed, not with the service
    const { renderLabels } = await import('./pdf.js');
    const pdf = await renderLabels(labelFacts(o, deps.appUrl), count, logo);
    try {
      const order = await writeCustodyStep(
        c,
        o,
        {
          step: 'labels-printed',
          set: {},
          changes: [{ path: 'labels.printed', to: count }],
          detail: { count },
        },
        deps.now?.() ?? new Date(),
      );
      return { pdf, count, order };
    } catch (e) {
      if (!isConflict(e) || attempt >= RETRIES) throw e;
    }
  }
}
