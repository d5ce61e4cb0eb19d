import { SIGNATURE_IMAGE_MAX, SigningMessages as SM } from '@portal/contracts';
import { Problem } from '@portal/service-kit';

/**
 * "My saved signature": the profile keeps its signature as accounts' file address (`{APP_URL}/api/utils/file/
 * uploads/<uuid>.png`, what the profile's upload answers; user events carry that address), while signing stamps the
 * picture's bytes into the manifest. The saved picture is read here through accounts' own public file route at this
 * portal's address: only the bucket and key are taken from the stored value, so a stored address can never make
 * orders fetch anything else. A data URL (an older profile, a fixture) is used as it is. Bounded in size and time.
 */
const FILE_PATH = /^\/api\/utils\/file\/(uploads|logos)\/([0-9a-f-]{36}\.(?:png|jpg))$/;
/** The largest picture read: what a data URL of SIGNATURE_IMAGE_MAX characters holds. */
const MAX_BYTES = Math.floor((SIGNATURE_IMAGE_MAX * 3) / 4) - 64;
export const PROFILE_IMAGE_TIMEOUT_MS = 5_000;

/** The accounts file route of a stored profile image (path only, on `appUrl`), or null when it is none. Pure. */
export function profileImageUrl(stored: string, appUrl: string): string | null {
  let path: string;
  try {
    path = new URL(stored, appUrl).pathname;
  } catch {
    return null;
  }
  const m = FILE_PATH.exec(path);
  return m ? `${appUrl.replace(/\/$/, '')}/api/utils/file/${m[1]}/${m[2]}` : null;
}

/** The profile signature as a data URL (what `prepareSigning` checks and stamps); 400 when it cannot be read. */
export async function profileImageData(
  stored: string,
  appUrl: string,
  get: typeof fetch = fetch,
): Promise<string> {
  if (stored.startsWith('data:')) return stored;
  const url = profileImageUrl(stored, appUrl);
  if (!url) throw new Problem(400, SM.profileUnreadable);
  let res: Response;
  try {
    res = await get(url, { redirect: 'error', signal: AbortSignal.timeout(PROFILE_IMAGE_TIMEOUT_MS) });
  } catch {
    throw new Problem(400, SM.profileUnreadable);
  }
  if (!res.ok || Number(res.headers.get('content-length') ?? 0) > MAX_BYTES) {
    await res.body?.cancel().catch(() => undefined);
    throw new Problem(400, SM.profileUnreadable);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of res.body ?? []) {
    size += chunk.byteLength;
    if (size > MAX_BYTES) throw new Problem(400, SM.profileUnreadable);
    chunks.push(chunk);
  }
  const type = url.endsWith('.jpg') ? 'image/jpeg' : 'image/png';
  // the bytes' own kind is checked by prepareSigning (magic bytes), not trusted from the name
  return `data:${type};base64,${Buffer.concat(chunks).toString('base64')}`;
}
