import { escapeHtml } from './escape.js';

/** The shared HTML frame of the portal's mails; `body` must already be escaped HTML. */
export function htmlFrame(body: string): string {
  return `<!doctype html>
<html><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5">
${body}
  <p>— The Portal team</p>
</body></html>`;
}

/** A button link (href and label escaped). */
export function button(href: string, label: string): string {
  return `<p><a href="${escapeHtml(href)}" style="display:inline-block;padding:10px 18px;background:#1d4ed8;color:#fff;border-radius:4px;text-decoration:none">${escapeHtml(label)}</a></p>
  <p style="font-size:12px;color:#6b7280">Or open ${escapeHtml(href)}</p>`;
}

/** The code, large and monospaced, escaped. */
export function codeBlock(code: string): string {
  return `<p style="font-size:28px;font-weight:bold;letter-spacing:6px;font-family:monospace">${escapeHtml(code)}</p>`;
}

/** Minutes from now until an ISO time (at least 1), for "valid for N minutes". */
export function minutesLeft(expiresAt: string, now = Date.now()): number {
  const ms = Date.parse(expiresAt) - now;
  return Number.isFinite(ms) ? Math.max(1, Math.round(ms / 60_000)) : 30;
}
