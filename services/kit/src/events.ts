import { Compile, type Validator } from 'typebox/compile';
import type { TSchema } from 'typebox';
import {
  EventCatalogue,
  EventEnvelope as EnvelopeSchema,
  isEventSubject,
  versionOf,
  type EventPayload,
  type EventSubject,
} from '@portal/contracts';

/** One event as a producer writes it: the subject decides the payload's type (contracts' EventCatalogue). */
export type TypedEvent<S extends EventSubject = EventSubject> = {
  [K in S]: { subject: K; data: EventPayload<K> };
}[S];

/**
 * Schemas for subjects outside the contracts' catalogue, keyed by exact subject or NATS wildcard (`kit.*.x`,
 * `kit.>`). Only the kit's own tests use this: a domain's events belong in @portal/contracts.
 */
export type ExtraEvents = Record<string, TSchema>;

export type EventCheck = { ok: true } | { ok: false; reason: string };

/** NATS subject matching: `*` is one token, `>` the rest (one token at least). */
export function subjectMatches(pattern: string, subject: string): boolean {
  const p = pattern.split('.');
  const s = subject.split('.');
  for (let i = 0; i < p.length; i++) {
    if (p[i] === '>') return s.length > i;
    if (i >= s.length || (p[i] !== '*' && p[i] !== s[i])) return false;
  }
  return p.length === s.length;
}

/** The first few errors as paths and messages: never the values (a payload may carry personal data). */
function reasonOf(v: Validator, value: unknown): string {
  const errors = v.Errors(value).slice(0, 3);
  return errors.map((e) => `${e.instancePath || '/'} ${e.message}`).join('; ') || 'does not match its schema';
}

/**
 * The boundary check of every event, for the outbox relay (before publishing) and the consumers (on receipt).
 * Each subject's validator is compiled once, on first use, and kept by this instance (one per app).
 */
export class EventValidators {
  private readonly compiled = new Map<string, Validator | null>();
  private readonly envelope = Compile(EnvelopeSchema);

  constructor(private readonly extra: ExtraEvents = {}) {}

  private schemaOf(subject: string): TSchema | undefined {
    if (isEventSubject(subject)) return EventCatalogue[subject];
    if (this.extra[subject]) return this.extra[subject];
    const key = Object.keys(this.extra).find((k) => subjectMatches(k, subject));
    return key ? this.extra[key] : undefined;
  }

  private validator(subject: string): Validator | null {
    let v = this.compiled.get(subject);
    if (v === undefined) {
      const schema = this.schemaOf(subject);
      v = schema ? Compile(schema) : null;
      this.compiled.set(subject, v);
    }
    return v;
  }

  /** Whether `data` is a valid payload of `subject` (a subject nobody declared is invalid too). */
  checkPayload(subject: string, data: unknown): EventCheck {
    const v = this.validator(subject);
    if (!v) return { ok: false, reason: `no schema for subject ${subject} in the event catalogue` };
    return v.Check(data)
      ? { ok: true }
      : { ok: false, reason: `payload of ${subject}: ${reasonOf(v, data)}` };
  }

  /** A received message: a well-formed envelope whose type is the subject and whose data matches its schema. */
  checkEnvelope(subject: string, envelope: unknown): EventCheck {
    if (!this.envelope.Check(envelope))
      return { ok: false, reason: `envelope: ${reasonOf(this.envelope, envelope)}` };
    const e = envelope as { type: string; version: number; data: unknown };
    if (e.type !== subject) return { ok: false, reason: `envelope type ${e.type} on subject ${subject}` };
    if (e.version !== this.version(subject)) {
      return { ok: false, reason: `envelope version ${e.version}, subject says ${this.version(subject)}` };
    }
    return this.checkPayload(subject, e.data);
  }

  /** The envelope version of a subject: its `.vN` suffix (a catalogue subject always has one), else 1. */
  version(subject: string): number {
    if (isEventSubject(subject) || /\.v\d+$/.test(subject)) return versionOf(subject);
    return 1;
  }
}
