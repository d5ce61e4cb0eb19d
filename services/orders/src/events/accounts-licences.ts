import { defineConsumer } from '@portal/service-kit';
import { STREAMS, Subjects } from '@portal/contracts';
import { applyLicenceFacts } from '../readmodels/licences.js';

/**
 * accounts.licence.changed → orders' licence list (readmodels/licences.ts). An event without its record (published
 * before accounts carried it) or for the stored licence map ('stored') changes nothing here: a snapshot fills it.
 */
export const accountsLicencesConsumer = defineConsumer({
  durable: 'orders-accounts-licences',
  stream: STREAMS.accounts,
  subjects: [Subjects.licenceChanged],
  concurrency: 1,
  async handle(event, { log }) {
    const d = event.data;
    if (d.action === 'stored') return;
    if (!d.record) {
      log.info({ licence: d.licenseNumber, action: d.action }, 'licence event without its record: skipped');
      return;
    }
    await applyLicenceFacts(d.record, new Date(event.time), {
      accountsId: d.id,
      deleted: d.action === 'deleted',
    });
  },
});
