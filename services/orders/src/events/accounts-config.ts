import { defineConsumer } from '@portal/service-kit';
import { STREAMS, Subjects } from '@portal/contracts';
import { applyConfigValues } from '../domain/config.js';

/**
 * accounts.config.changed → the config switches orders reads (domain/config.ts); an event without entries (an
 * older accounts, or only internal keys) changes nothing.
 */
export const accountsConfigConsumer = defineConsumer({
  durable: 'orders-accounts-config',
  stream: STREAMS.accounts,
  subjects: [Subjects.configChanged],
  concurrency: 1,
  async handle(event) {
    const entries = event.data.entries ?? [];
    if (!entries.length) return;
    const values = Object.fromEntries(entries.map((e) => [e.key, e.value]));
    await applyConfigValues(values, new Date(event.time));
  },
});
