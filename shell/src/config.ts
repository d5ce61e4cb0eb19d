import type { AppConfig } from '@portal/contracts';
import type { ApiClient } from '@portal/ui';

/** App config (public GET /api/utils/config). The portal still starts with defaults when it cannot be read. */
export async function loadConfig(api: ApiClient): Promise<AppConfig> {
  try {
    const res = await api.get<{ data?: AppConfig }>('/api/utils/config');
    return res?.data ?? {};
  } catch (e) {
    console.warn('config unavailable, using defaults', e);
    return {};
  }
}

/** Config keys the frame reads beyond the contracts' AppConfig (decisions in shell/README.md). */
export const frameText = (config: AppConfig) => ({
  appName: typeof config.appName === 'string' ? config.appName : 'Delivery Portal',
  provider: typeof config.provider === 'string' ? config.provider : 'GPS Logistics',
  providerUrl: typeof config.providerUrl === 'string' ? config.providerUrl : undefined,
  privacyUrl: typeof config.privacyUrl === 'string' ? config.privacyUrl : '/dashboard/faq#privacy',
  environments: Array.isArray(config.environments)
    ? (config.environments as { name: string; url: string }[])
    : [],
});
