import { AccountState, Role, type RoleNumber, type Verified } from '@portal/contracts';

/** Every seeded user's password (README "Demo logins"): local demo data only. */
export const DEMO_PASSWORD = 'Portal!2345';

/**
 * Demo profiles (the same emails are in the realm file) and sample company users (their logins made by the seed,
 * scripts/seed-logins.ts), all with DEMO_PASSWORD.
 */
export interface SeedProfile {
  email: string;
  role: RoleNumber;
  verified: Verified;
  name: { firstName: string; lastName: string };
  company?: Record<string, unknown>;
  sameDayPickup?: boolean;
}

const company = (
  lic: string,
  licensee: string,
  dba: string,
  street: string,
  city: string,
  zip: string,
  phone: string,
  contact: string,
) => ({
  'License #': lic,
  Licensee: licensee,
  'Licensee DBA': dba,
  DBA: dba,
  'Street Address': street,
  City: city,
  Zip: zip,
  licenseNumbers: [lic],
  phone,
  billingContactName: contact,
  billingContactEmail: `billing@${dba.toLowerCase().replace(/[^a-z]+/g, '')}.example`,
  billingAddress: `${street}, ${city} ${zip}`,
  active: true,
});

export const DEMO_PROFILES: SeedProfile[] = [
  {
    email: 'superadmin@demo.portal',
    role: Role.SuperAdmin,
    verified: AccountState.Verified,
    name: { firstName: 'Sam', lastName: 'Super' },
  },
  {
    email: 'admin@demo.portal',
    role: Role.Admin,
    verified: AccountState.Verified,
    name: { firstName: 'Ada', lastName: 'Admin' },
  },
  {
    // the realm file's staff user with TOTP (its secret known to the tests): a reviewed Admin like admin@demo.portal,
    // so its sign-in lands on Manage Orders, not on a profile under review
    email: 'mfa.admin@demo.portal',
    role: Role.Admin,
    verified: AccountState.Verified,
    name: { firstName: 'Mia', lastName: 'Mfa' },
  },
  {
    email: 'driver@demo.portal',
    role: Role.Driver,
    verified: AccountState.Verified,
    name: { firstName: 'Dan', lastName: 'Driver' },
  },
  {
    email: 'accountadmin@demo.portal',
    role: Role.AccountAdmin,
    verified: AccountState.Verified,
    name: { firstName: 'Alex', lastName: 'Account' },
    company: company(
      'C11-0000101-LIC',
      'Green Valley Holdings LLC',
      'Green Valley Farms',
      '120 Orchard Rd',
      'Sacramento',
      '95814',
      '(916) 555-0101',
      'Alex Account',
    ),
    sameDayPickup: true,
  },
  {
    // Verified like every demo user: until staff verify an account it may open only its profile (the kit's auth),
    // and the tests and walk-throughs use this user's orders. The sample company users below include unverified
    // ones to walk through verifying in the admin screen.
    email: 'user@demo.portal',
    role: Role.User,
    verified: AccountState.Verified,
    name: { firstName: 'Uma', lastName: 'User' },
    company: company(
      'C10-0000202-LIC',
      'Harbor Light Retail Inc',
      'Harbor Light Dispensary',
      '45 Pier Ave',
      'Long Beach',
      '90802',
      '(562) 555-0202',
      'Uma User',
    ),
  },
];

const SAMPLE: Array<
  [string, string, string, string, string, string, string, string, string, boolean | 'suspended']
> = [
  [
    'ops@northridge.example',
    'Nora',
    'Reyes',
    'C11-0000311-LIC',
    'Northridge Cultivation LLC',
    'Northridge Gardens',
    '9800 Reseda Blvd',
    'Northridge',
    '91324',
    AccountState.Verified,
  ],
  [
    'orders@bluepeak.example',
    'Ben',
    'Okafor',
    'C12-0000412-LIC',
    'Blue Peak Manufacturing Corp',
    'Blue Peak Labs',
    '3300 Industrial Way',
    'Oakland',
    '94607',
    AccountState.Verified,
  ],
  [
    'frontdesk@sunsetbloom.example',
    'Sofia',
    'Lind',
    'C10-0000513-LIC',
    'Sunset Bloom Retail LLC',
    'Sunset Bloom',
    '7421 Sunset Blvd',
    'Los Angeles',
    '90046',
    AccountState.Verified,
  ],
  [
    'receiving@coastal.example',
    'Marco',
    'Silva',
    'C10-0000614-LIC',
    'Coastal Wellness Inc',
    'Coastal Wellness',
    '210 Ocean St',
    'Santa Cruz',
    '95060',
    AccountState.Pending,
  ],
  [
    'manager@redwoodroots.example',
    'Grace',
    'Kim',
    'C11-0000715-LIC',
    'Redwood Roots Farms LLC',
    'Redwood Roots',
    '14 Mill Creek Rd',
    'Eureka',
    '95501',
    AccountState.Verified,
  ],
  [
    'dispatch@goldengate.example',
    'Omar',
    'Haddad',
    'C11-0000816-LIC',
    'Golden Gate Distribution LLC',
    'GG Distro',
    '500 Bayshore Blvd',
    'San Francisco',
    '94124',
    AccountState.Verified,
  ],
  [
    'buyer@desertsage.example',
    'Lena',
    'Park',
    'C10-0000917-LIC',
    'Desert Sage Collective Inc',
    'Desert Sage',
    '68-700 Dinah Shore Dr',
    'Cathedral City',
    '92234',
    AccountState.Suspended,
  ],
  [
    'admin@highsierra.example',
    'Tom',
    'Becker',
    'C12-0001018-LIC',
    'High Sierra Extracts LLC',
    'High Sierra',
    '2200 Meadow Vista',
    'Truckee',
    '96161',
    AccountState.Verified,
  ],
  [
    'hello@mission.example',
    'Ana',
    'Cruz',
    'C10-0001119-LIC',
    'Mission District Provisions Inc',
    'Mission Provisions',
    '2560 Mission St',
    'San Francisco',
    '94110',
    AccountState.Pending,
  ],
  [
    'logistics@valleyoak.example',
    'Raj',
    'Patel',
    'C11-0001220-LIC',
    'Valley Oak Growers LLC',
    'Valley Oak',
    '8100 Tracy Blvd',
    'Tracy',
    '95376',
    AccountState.Verified,
  ],
];

export const COMPANY_PROFILES: SeedProfile[] = SAMPLE.map(
  ([email, first, last, lic, licensee, dba, street, city, zip, verified], i) => ({
    email,
    role: i % 3 === 0 ? Role.AccountAdmin : Role.User,
    verified,
    name: { firstName: first, lastName: last },
    company: company(
      lic,
      licensee,
      dba,
      street,
      city,
      zip,
      `(555) 555-${String(1000 + i * 7).slice(-4)}`,
      `${first} ${last}`,
    ),
    sameDayPickup: i % 2 === 0,
  }),
);
