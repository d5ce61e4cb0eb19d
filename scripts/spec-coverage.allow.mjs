// The spec-coverage test's allow-list. Every quoted text of the specs is a user message — it must stand word for word
// in services/contracts/src, be used under its contracts name, and not be written out again in a screen or service —
// EXCEPT the quotes below, which are not messages: screen labels, field names, data values and examples. Each entry
// says why, and `find` is where the product carries it (searched in contracts and the services', MFEs' and shell's
// source). An entry the specs no longer quote fails the test, so the list cannot rot.

/** Screen labels: button, menu, title, checkbox and footer texts; they live in the MFEs and shell. */
const label = (find) => ({ reason: 'a screen label, not a message', find });
/** Data values and field names the spec quotes: stored or matched, shown at most as a value. */
const value = (find, why) => ({ reason: `a data value or field name, not a message: ${why}`, find });

export const QUOTE_ALLOW = {
  // accounts-and-identity.md
  'Powered by': label('Powered by'), // shell footer (shell/src/frame/Footer.tsx)
  'Switch Env': label("'Switch Env'"), // the header menu entry on developer hosts (shell/src/frame/UserMenu.tsx)
  'Set all suspended': label('Set all suspended'), // attached accounts (mfe-accounts profile)
  'Set all verified': label('Set all verified'),
  'Show Non Verified Users': label('Show Non Verified Users'), // accounts list filter
  'Sync Quickbooks': label('Sync Quickbooks'),
  suspended: value("'suspended'", 'the verified state of a suspended account (contracts AccountState)'),
  'License #': value("'License #'", 'the licence number field of a company and a licence record'),
  'Licensee DBA': value("'Licensee DBA'", "a licence holder's field (accounts §3 Company)"),
  'Street Address': value("'Street Address'", "a licence record's field"),
  'Account Verified': {
    reason: "the Account Verified mail's subject (accounts §4), a notifications template",
    find: "'Account Verified'",
  },
  '{code}': {
    reason:
      "the default licence id's placeholder (accounts §9); contracts NEW_LICENCE_PLACEHOLDER is the value",
    find: 'NEW_LICENCE_PLACEHOLDER',
  },
  // orders-and-operations.md
  'Sync Manifests': label('Sync Manifests'), // the admin's track-and-trace sync
  'Create Order': label('Create Order'), // the order form's title and the menu entry
  'Edit Order': label('Edit Order'),
  'Edit Order {orderId}': {
    reason: 'the Edit Order title followed by the order id (mfe-orders form/OrderScreen.tsx)',
    find: "'Edit Order'} ${o.orderId}",
  },
  '< Back': label('&lt; Back'), // JSX writes the < as an entity
  'Download Template': label('Download Template'), // bulk upload area
  'Search by Order ID, or Route Name': label('Search by Order ID, or Route Name'), // the schedule's search box
  'Cash Pickup': label('Cash Pickup'), // the driver's schedule button (also an order type's name)
  'Warehouse - {date}': label('Warehouse - '), // the schedule's warehouse block title, then the day
  'Set to In Transit': label('Set to In Transit'), // route header button
  'New order from this route': label('New order from this route'), // schedule route header
  'Cash Return': label('Cash Return'),
  Cash: value(
    '/cash|warehouse/i',
    'a marker in route names (orders §2: such routes are skipped in the main list)',
  ),
  Warehouse: value('/cash|warehouse/i', 'a marker in route names, as Cash'),
  Utility: value('Utility', 'a marker in route cities (excluded from the warehouse block)'),
  utility: value("UTILITY_ROUTE_NAME = 'utility'", 'the name of the route that expands into pseudo-routes'),
  'Show Directions': label('Show Directions'), // route map switch
  'Open in Google Maps': label('Open in Google Maps'),
  'Scan barcode': label('Scan barcode'), // barcode screen input
  'x of y': {
    reason: "the label's box count written as an example; the label PDF prints `${i} of ${count}`",
    find: '`${i} of ${count}`',
  },
  all: label('all'), // the route editor's button for strict dates
  'Show All Drivers': label('Show All Drivers'), // weekly schedule checkbox
  1: value("'1'", 'the default box count (weight)'),
  true: value("'true'", "a route row's overnight flag as stored"),
  'Cash {id}': value('Cash', 'the billing method text derived from the method and its id (orders §5)'),
  'Check {id}': value('Check', 'the billing method text, as Cash {id}'),
  'Net Terms': value("'Net Terms'", 'the billing method text of net terms'),
  Samples: value("'Samples'", 'the billing method text of samples'),
  'licenses do not match': value(
    "'licenses do not match'",
    "the trigger the upload screen looks for in the server's text (orders §8), not a text of its own",
  ),
  '06:00': value("'06:00'", 'the route start time highlighted as a warning'),
  'Route created/edited Successfully!': {
    reason:
      'the spec writes two toasts as one; each stands word for word in RouteMessages (contracts routing.ts)',
    contracts: ['Route created Successfully!', 'Route edited Successfully!'],
  },
};

/**
 * Calls of the specs that the route tables deliberately do not carry, each with the reason and the file where the
 * decision is written (the test checks that file names the path).
 */
const accountsDecision = 'services/accounts/README.md';
export const ENDPOINT_ALLOW = {
  'POST /users/token': {
    reason: 'accounts §7 lists it with no screen or flow that uses its token; Keycloak issues every token',
    decision: accountsDecision,
  },
  'GET /license/lnstored': {
    reason:
      'the stored licence map: no screen reads it; the licence records (GET /license) are the one source',
    decision: accountsDecision,
  },
  'POST /license/updatestored': {
    reason: 'the stored licence map, as GET /license/lnstored',
    decision: accountsDecision,
  },
};
