import { STATUS_CODES } from 'node:http';
import { Type } from 'typebox';

/**
 * An error that becomes an application/problem+json response with this status and detail; `extra` adds members to
 * the body (RFC 9457 extension members, e.g. a form's per-field `errors`), never replacing the standard ones.
 */
export class Problem extends Error {
  constructor(
    public readonly status: number,
    public readonly detail: string,
    public readonly extra?: Record<string, unknown>,
  ) {
    super(detail);
    this.name = 'Problem';
  }
}

/** Response schema of every error (use it in route `response` maps for 4xx codes). */
export const ProblemSchema = Type.Object({
  type: Type.String(),
  title: Type.String(),
  status: Type.Integer(),
  detail: Type.String(),
  message: Type.String(),
  error: Type.String(),
});

export function problemBody(status: number, detail: string, extra?: Record<string, unknown>) {
  return {
    ...extra,
    type: 'about:blank',
    title: STATUS_CODES[status] ?? 'Error',
    status,
    detail,
    message: detail,
    error: detail,
  };
}
