import { useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { zip5 } from '@portal/contracts';
import { usePortal, type LicenceOption } from '@portal/ui';
import { destinationDaysKey, getDestination } from '../api.js';
import type { FormState } from './useOrderForm.js';

/**
 * The destination licence chosen in the picker fills the destination's name, address, city and zip from its licence
 * record (orders' GET /api/orders/destination: what the order will copy), and the zip's delivery days come with it.
 * A later choice wins over an earlier answer still on its way. Dropping the choice (typing other text) empties
 * the copied address where the role may not edit it, so a vendor never sees one licence's address under another.
 */
export function useDestination(form: FormState, editAddress: boolean) {
  const { api } = usePortal();
  const client = useQueryClient();
  const latest = useRef('');
  const addressEditable = form.staff || editAddress;

  const fill = (name: string, address: string, city: string, zip: string) => {
    form.set('destName', name);
    form.set('destAddress', address);
    form.set('destCity', city);
    form.set('destZip', zip);
  };

  const chosen = async (o: LicenceOption) => {
    const licence = o['License #'];
    latest.current = licence;
    form.set('destinationLN', licence);
    form.set('destName', o.Licensee ?? '');
    form.set('destCity', o.City ?? '');
    try {
      const d = await getDestination(api, { licence });
      if (latest.current !== licence || !d.destination) return;
      const r = d.destination;
      fill(r.Licensee ?? '', r['Street Address'] ?? '', r.City ?? '', r.Zip ?? '');
      const zip = zip5(r.Zip ?? '');
      if (zip) client.setQueryData(destinationDaysKey(zip), { days: d.days, overnightDays: d.overnightDays });
    } catch {
      // the address stays empty and required: the form says so, and the service fills it from the same record
    }
  };

  const dropped = (text: string) => {
    latest.current = '';
    form.set('destinationLN', text.trim());
    if (!addressEditable) fill('', '', '', '');
  };

  return { chosen, dropped };
}
