/**
 * The licence record's required fields (accounts §5 "Licence record": all required; orders §5 "Licence list"), with
 * the label the messages use ("Please Input {label}!" / fieldRequired) and the longest value the API stores. One
 * list for the LN update form and grid (mfe-accounts) and the service's check and schema (services/accounts).
 */
export const LICENCE_FIELDS = [
  ['License #', 'License Number'],
  ['Licensee', 'Name'],
  ['DBA', 'DBA'],
  ['Street Address', 'Street Address'],
  ['City', 'City'],
  ['Zip', 'Zip'],
] as const;
export type LicenceField = (typeof LICENCE_FIELDS)[number][0];

export const LICENCE_MAX: Record<LicenceField, number> = {
  'License #': 100,
  Licensee: 200,
  DBA: 200,
  'Street Address': 200,
  City: 100,
  Zip: 20,
};

/**
 * The comparison key of a licence number: case, surrounding and inner white space do not make a different licence
 * ("c11-0000123-lic" is "C11-0000123-LIC"). Accounts keys its licence records and users' companyKeys by it; orders
 * keys its read models and orders (pickupKey, destKey, companyKeys) by the same function, so the two always agree.
 */
export const licenceKey = (lic: string): string => lic.replace(/\s+/g, '').toUpperCase();

/** A licence record's stored text fields as any service keeps them (each may be missing or null in older copies). */
export interface LicenceTextSource {
  Licensee?: string | null;
  DBA?: string | null;
  'Street Address'?: string | null;
  City?: string | null;
  Zip?: string | null;
  emails?: readonly string[] | null;
  pickupRoute?: readonly { route?: string | null; day?: string | null }[] | null;
}

/**
 * The name, address, mail addresses and pickup routes of a licence record with every gap filled ('' and []): the one
 * shape accounts' API, accounts' events and orders' read model give them, so a copy never differs from its source.
 */
export function licenceText(r: LicenceTextSource) {
  return {
    Licensee: r.Licensee ?? '',
    DBA: r.DBA ?? '',
    'Street Address': r['Street Address'] ?? '',
    City: r.City ?? '',
    Zip: r.Zip ?? '',
    emails: [...(r.emails ?? [])],
    pickupRoute: (r.pickupRoute ?? []).map((p) => ({ route: p.route ?? '', day: p.day ?? '' })),
  };
}
