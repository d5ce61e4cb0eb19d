/**
 * Keycloak's messages arrive HTML-escaped (its FreeMarker output). Shown as text, never as markup: a textarea
 * decodes the entities without running or rendering anything.
 */
export function decodeEntities(s: string): string {
  if (!s.includes('&')) return s;
  const t = document.createElement('textarea');
  t.innerHTML = s;
  return t.value;
}

/** A portal page on the portal's host (the edge serves Keycloak under /auth on the same host). */
export function portalUrl(path: string, query?: Record<string, string | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v) q.set(k, v);
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}
