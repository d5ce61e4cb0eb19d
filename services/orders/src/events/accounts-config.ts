import { defineConsumer } from '@portal/service-kit';
import { STREAMS, Subjects } from '@portal/contracts';
import { applyConfigValues } from '../domain/config.js';

/** accounts.config.changed → the config switches orders reads (domain/config.ts); keys without values are skipped. */
export const accountsConfigConsumer = defineConsumer({
  durable: 'orders-accounts-config',
  stream: STREAMS.accounts,
  subjects: [Subjects.configChanged],
  concurrency: 1,
  async handle(event) {
    if (event.data.values) await applyConfigValues(event.data.values, new Date(event.time));
  },
});
