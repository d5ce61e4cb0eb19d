/**
 * Money as integer cents (exact money arithmetic; never float sums). An order's billing amount is typed by
 * people ("$1,250.5", "12", "12.345" …) and stored as they typed it; every total is a sum of the cents this parses.
 * Pure, shared by orders (which puts the cents on the order's facts), billing and the browser.
 */
const AMOUNT = /^\s*(-)?\s*\$?\s*(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d*))?\s*$/;

/** '1,250.50' → 125050; '' or unparseable → null. More than two decimals round half away from zero on the third. */
export function centsOf(amount: unknown): number | null {
  if (typeof amount === 'number') return Number.isFinite(amount) ? centsOf(amount.toFixed(3)) : null;
  if (typeof amount !== 'string') return null;
  const m = AMOUNT.exec(amount);
  if (!m || (m[2] === undefined && !m[3])) return null;
  const whole = Number((m[2] ?? '0').replace(/,/g, ''));
  const frac = (m[3] ?? '').padEnd(3, '0');
  let cents = whole * 100 + Number(frac.slice(0, 2));
  if (Number(frac[2]) >= 5) cents += 1;
  if (!Number.isSafeInteger(cents)) return null;
  return m[1] && cents ? -cents : cents;
}

/** 125050 → '$1,250.50' (US dollars; negative as '-$1.00'). */
export function formatCents(cents: number): string {
  const neg = cents < 0;
  const abs = Math.abs(Math.trunc(cents));
  const dollars = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${neg ? '-' : ''}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}
