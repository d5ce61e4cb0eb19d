// The spec-coverage test's allow-list. Every quoted text of the specs is a user message that must stand word for word
// in services/contracts/src, EXCEPT the ones below. Each entry says why it is not a contracts message and where the
// product carries it instead (`find`: searched in the services', MFEs' and shell's source), or why nothing is searched
// (`absent`: an example or a data value the spec quotes, not a text anyone sees). An entry the specs no longer quote
// fails the test, so the list cannot rot.

/** Screen labels: button, menu, title, checkbox and footer texts; they live in the MFEs and shell, not in contracts. */
const label = (find) => ({ reason: 'a screen label, not a message', find });

export const QUOTE_ALLOW = {
  // accounts-and-identity.md
  'Powered by': label('Powered by'), // shell footer (shell/src/frame/Footer.tsx)
  'Set all suspended': label('Set all suspended'), // attached accounts (mfe-accounts profile)
  'Set all verified': label('Set all verified'),
  'Show Non Verified Users': label('Show Non Verified Users'), // accounts list filter
  'Switch Env': label("'Switch Env'"), // the header menu entry on developer hosts (shell/src/frame/UserMenu.tsx)
  'Licensee DBA': { reason: "a licence holder field's name (accounts §3 Company)", find: "'Licensee DBA'" },
  'Account Verified': {
    reason: "the Account Verified mail's subject (accounts §4), a notifications template",
    find: "'Account Verified'",
  },
  // orders-and-operations.md
  Cash: {
    reason:
      'a marker in route names (orders §2: such routes are skipped in the main list), matched in the code',
    find: '/cash|warehouse/i',
  },
  Warehouse: {
    reason: 'a marker in route names, as Cash',
    find: '/cash|warehouse/i',
  },
  'Cash Pickup': label('Cash Pickup'), // the driver's schedule button (also an order type's name in contracts)
  'Create Order': label('Create Order'), // the order form's title and the menu entry
  'Edit Order': label('Edit Order'),
  'Edit Order {orderId}': {
    reason: 'the Edit Order title followed by the order id (mfe-orders form/OrderScreen.tsx)',
    find: "'Edit Order'} ${o.orderId}",
  },
  '< Back': label('&lt; Back'), // JSX writes the < as an entity
  'Download Template': label('Download Template'), // bulk upload area
  'New order from this route': label('New order from this route'), // schedule route header
  'Show Directions': label('Show Directions'), // route map switch
  'Open in Google Maps': label('Open in Google Maps'),
  'Scan barcode': label('Scan barcode'), // barcode screen input
  'Show All Drivers': label('Show All Drivers'), // weekly schedule checkbox
  'x of y': {
    reason: "the label's box count written as an example; the label PDF prints `${i} of ${count}`",
    find: '`${i} of ${count}`',
  },
  'Route created/edited Successfully!': {
    reason:
      'the spec writes two toasts as one; each stands word for word in RouteMessages (contracts routing.ts)',
    contracts: ['Route created Successfully!', 'Route edited Successfully!'],
  },
};

/**
 * Calls of the specs that the route tables deliberately do not carry, each with the reason and the file where the
 * decision is written. None today: every call of both specs is served.
 */
export const ENDPOINT_ALLOW = {};
