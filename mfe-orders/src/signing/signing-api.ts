import type { SignManifestAnswer, SignManifestBody } from '@portal/contracts';
import type { ApiClient } from '@portal/ui';

/** POST /api/orders/signmanifest (services/orders routes/signing.ts): one call per order, two at a time. */
export const signManifest = (api: ApiClient, body: SignManifestBody) =>
  api.post<SignManifestAnswer>('/api/orders/signmanifest', body);
