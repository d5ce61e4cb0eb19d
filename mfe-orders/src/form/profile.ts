import { useQuery } from '@tanstack/react-query';
import type { AppConfig, OrderSignature, OrderSwitches } from '@portal/contracts';
import { usePortal } from '@portal/ui';

/** The caller's profile as the form needs it (accounts GET /api/users/me). */
export interface Me {
  id: string;
  email: string;
  name?: { firstName?: string; lastName?: string };
  role: number;
  verified?: unknown;
  sameDayPickup?: boolean;
  signature?: OrderSignature;
  company?: {
    'License #'?: string;
    Licensee?: string;
    DBA?: string;
    'Street Address'?: string;
    City?: string;
    Zip?: string;
    licenseNumbers?: string[];
  };
}

export const ME_KEY = ['orders', 'me'] as const;

/** Read fresh (not the sign-in snapshot): a suspension or a new licence applies without signing out. */
export function useMe() {
  const { api } = usePortal();
  return useQuery({
    queryKey: ME_KEY,
    queryFn: () => api.get<{ user: Me }>('/api/users/me').then((r) => r.user),
    staleTime: 60_000,
  });
}

/** The company's licence numbers a vendor may send from (orders §6: "pick originating licence from company licences"). */
export function ownLicences(me: Me | undefined): string[] {
  const c = me?.company;
  const all = [c?.['License #'], ...(c?.licenseNumbers ?? [])].filter((l): l is string => !!l && !!l.trim());
  return [...new Set(all.map((l) => l.trim()))];
}

export const meName = (me: Me | undefined) =>
  [me?.name?.firstName, me?.name?.lastName].filter(Boolean).join(' ') || me?.email || '';

const flag = (config: AppConfig, key: string): boolean | undefined => {
  const v = config[key];
  return v === undefined || v === null || v === '' ? undefined : v === true || v === 'true';
};

/** The order switches of the public config (orders §6), as the shared rules read them. */
export function switchesOf(config: AppConfig): OrderSwitches {
  return {
    autoApprove: flag(config, 'orders.autoApprove'),
    billingInvoiceReq: flag(config, 'orders.billingInvoiceReq'),
    useRCheck: flag(config, 'useRCheck'),
    hasSameDay: flag(config, 'orders.hasSameDay'),
    isInternalDist: flag(config, 'orders.isInternalDist'),
  };
}
