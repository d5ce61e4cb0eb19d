import { EventCatalogue, STREAMS, domainOf, type Domain } from './events.js';

/**
 * Who may do what on NATS: each service signs in as its own NATS user, whose rights are derived here from the
 * event catalogue (a subject's first token is the domain that publishes it) and from which streams each service
 * reads. deploy/local/nats-config.ts writes the local server's users from it and checks the production
 * authorization file (deploy/k8s) against it; the kit refuses a consumer on a stream not listed here.
 */

/** The streams each service reads with its durable consumers (by domain). Add a domain here before a consumer. */
export const CONSUMES: Readonly<Record<Domain, readonly Domain[]>> = {
  accounts: ['orders', 'billing'],
  orders: ['accounts', 'fleet', 'routing', 'billing'],
  routing: ['orders', 'fleet', 'routing', 'billing'],
  fleet: ['accounts', 'orders', 'routing', 'billing'],
  billing: ['accounts', 'orders', 'routing', 'fleet'],
  notifications: ['accounts', 'orders', 'routing', 'fleet', 'billing'],
};

/**
 * Streams a domain owns besides its events stream (STREAMS[domain]); it creates and updates them itself. Their
 * subjects are under the domain's own `<domain>.>` (the only subjects it may publish).
 */
export const EXTRA_STREAMS: Readonly<Partial<Record<Domain, readonly string[]>>> = {
  /** the ledger's anchors: append-only checkpoints of the order chains' heads, sourced from ORDERS */
  orders: ['LEDGER_ANCHORS'],
};

/** Where consumers park an event they gave up on (the kit's consumers: `deadletter.<stream>.<durable>`). */
export const DEADLETTER_STREAM = 'DEADLETTER';
export const deadLetterPrefix = (stream: string) => `deadletter.${stream.toLowerCase()}`;

/** The catalogue's subjects by the domain that publishes them. */
export function publishedSubjects(domain: Domain): string[] {
  return Object.keys(EventCatalogue)
    .filter((s) => domainOf(s) === domain)
    .sort();
}

export interface BusPermissions {
  publish: { allow: string[]; deny: string[] };
  subscribe: { allow: string[]; deny: string[] };
}

/** A service's private reply prefix (the kit connects with it): no service can listen to another's replies. */
export const inboxPrefix = (domain: string) => `_INBOX_${domain}`;

/**
 * A service's NATS rights. Publish: its own `<domain>.>` events; JetStream's API for its own streams (info,
 * create, reading a message; never update, delete or purge: once made, a stream's config is the operator's, so a
 * service cannot add a republish into another domain's subjects nor shrink its ledger anchors) and for the streams it reads (stream info, its durables' create,
 * info, delete, next; no ephemeral consumers); acks of those streams; the dead-letter stream and `deadletter.<stream it reads>.>`.
 * Subscribe: its own reply inbox only (JetStream pull consumers and API answers arrive there). Every other
 * domain's events are denied outright.
 */
export function busPermissions(domain: Domain): BusPermissions {
  const own = [STREAMS[domain], ...(EXTRA_STREAMS[domain] ?? []), DEADLETTER_STREAM];
  const reads = CONSUMES[domain].map((d) => STREAMS[d]);
  const api = '$JS.API';
  const allow = [
    `${domain}.>`,
    `${api}.INFO`,
    ...own.flatMap((s) => [
      ...['INFO', 'CREATE', 'MSG.GET'].map((op) => `${api}.STREAM.${op}.${s}`),
      `${api}.DIRECT.GET.${s}`,
      `${api}.DIRECT.GET.${s}.>`,
    ]),
    ...reads.flatMap((s) => [
      ...(own.includes(s) ? [] : [`${api}.STREAM.INFO.${s}`]),
      `${api}.CONSUMER.CREATE.${s}.>`,
      `${api}.CONSUMER.DURABLE.CREATE.${s}.*`,
      `${api}.CONSUMER.INFO.${s}.*`,
      `${api}.CONSUMER.DELETE.${s}.*`,
      `${api}.CONSUMER.MSG.NEXT.${s}.*`,
      `$JS.ACK.${s}.>`,
      `${deadLetterPrefix(s)}.>`,
    ]),
  ];
  const others = (Object.keys(STREAMS) as Domain[]).filter((d) => d !== domain);
  return {
    publish: { allow, deny: others.map((d) => `${d}.>`) },
    subscribe: { allow: [`${inboxPrefix(domain)}.>`], deny: [] },
  };
}

/** The six services, each a NATS user of its own. */
export const BUS_SERVICES = Object.keys(STREAMS) as Domain[];
