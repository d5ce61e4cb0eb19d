/**
 * The retry schedule of a mail: an SMTP outage of hours must not lose mail. Exponential from `baseMs`, capped at
 * `capMs`, with as many attempts as it takes to keep trying for `retryForMs`; then the job is parked in the
 * failed set, where staff see it and can resend it (routes/failed-mail.ts).
 */
export interface MailSchedule {
  baseMs: number;
  capMs: number;
  retryForMs: number;
}

export const scheduleOf = (env: {
  MAIL_BACKOFF_BASE_MS: number;
  MAIL_BACKOFF_CAP_MS: number;
  MAIL_RETRY_FOR_MS: number;
}): MailSchedule => ({
  baseMs: env.MAIL_BACKOFF_BASE_MS,
  capMs: env.MAIL_BACKOFF_CAP_MS,
  retryForMs: env.MAIL_RETRY_FOR_MS,
});

/** Wait after the n-th failed attempt (n ≥ 1): base · 2^(n-1), at most the cap. */
export function delayAfter(attemptsMade: number, s: MailSchedule): number {
  const n = Math.max(1, attemptsMade);
  return Math.min(s.capMs, s.baseMs * 2 ** Math.min(n - 1, 40));
}

/** Total attempts (the first included) so that the waits between them add up to at least retryForMs. */
export function attemptsFor(s: MailSchedule): number {
  let waited = 0;
  let retries = 0;
  while (waited < s.retryForMs) waited += delayAfter(++retries, s);
  return retries + 1;
}

/** The sum of all waits of the schedule (what a unit test checks against 24 h). */
export function totalWaitMs(s: MailSchedule): number {
  let sum = 0;
  for (let n = 1; n < attemptsFor(s); n++) sum += delayAfter(n, s);
  return sum;
}
