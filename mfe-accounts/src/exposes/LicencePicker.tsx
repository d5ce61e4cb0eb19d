import { useMemo } from 'react';
import { LicencePicker, usePortal, type LicencePickerProps } from '@portal/ui';
import { licenceOptionsLoader } from '../api.js';

/** The design system's picker without its data source: accounts supplies it. */
export type AccountsLicencePickerProps = Omit<LicencePickerProps, 'loadOptions'>;

/**
 * Federated expose './LicencePicker' (default export): the licence picker bound to the accounts licence search
 * (GET /api/license/licensenumbers), for forms in other MFEs (an order's destination licence). It reads the api from
 * the page's PortalProvider (@portal/ui is a shared singleton, so the host MFE's provider is the one it sees).
 */
export function AccountsLicencePicker(props: AccountsLicencePickerProps) {
  const { api } = usePortal();
  const loadOptions = useMemo(() => licenceOptionsLoader(api), [api]);
  return <LicencePicker {...props} loadOptions={loadOptions} />;
}

export default AccountsLicencePicker;
