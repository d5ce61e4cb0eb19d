import { Type, type TSchema } from 'typebox';

/**
 * Compile-time links between these TypeBox schemas and the contracts' plain types (contracts/src/fleet.ts, what
 * mfe-fleet reads): an answer schema must describe exactly the contract's type, a body schema must accept every
 * body the contract allows. A drift on either side fails `tsc`, not a screen.
 */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export type Accepts<Schema, Contract> = [Contract] extends [Schema] ? true : false;
export const assertType = <T extends true>(_: T) => undefined;

export const strict = <T extends Record<string, TSchema>>(props: T) =>
  Type.Object(props, { additionalProperties: false });

/** A calendar day 'YYYY-MM-DD' ('' = unknown where allowed). */
export const DAY_PATTERN = '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$';
export const Day = (label: string) =>
  Type.String({ pattern: DAY_PATTERN, errorMessage: `${label} must be a date (YYYY-MM-DD).` });
export const DayOrEmpty = (label: string) =>
  Type.String({ pattern: `^$|${DAY_PATTERN}`, errorMessage: `${label} must be a date (YYYY-MM-DD).` });

/** Text of at most `max` characters, with the spec-style message (contracts Messages.fieldTooLong wording). */
export const Text = (label: string, max: number) =>
  Type.String({ maxLength: max, errorMessage: `${label} is limited to ${max} characters. ` });

export const Id = Type.String({ pattern: '^[0-9a-f]{24}$', errorMessage: 'id must be a record id' });
export const IdParams = strict({ id: Id });
