/**
 * The order messages (orders §5 and §8) word for word, and the ones the spec leaves unworded, decided here once for
 * the form and the service (services/orders/README.md lists which are decisions). Plain strings and functions: the
 * browser imports them.
 */
export const OrderMessages = {
  // §5 order form
  required: (label: string) => `${label} is required!`,
  destinationRequired: 'Destination is required!',
  licenceNotFound: "License number doesn't exist",
  rejectedRequired: 'Reason for rejection is required. ',
  exceptionRequired: 'Exception notes are required',
  pickupAfterDelivery: 'Pickup date cannot be after delivery date',
  pickupAfterDeliveryBanner:
    'The preferred pickup date you selected cannot be after the preferred delivery date',
  dayNotAllowed: 'Day chosen not allowed',
  dayNotAllowedBanner: (days: string) =>
    `The preferred delivery date you selected doesn't match a delivery route option. Please select one of the days listed: ${days}`,
  /** The banner when no delivery day is known for the destination (decided: the spec's form lists the days). */
  noRouteDaysBanner:
    "The preferred delivery date you selected doesn't match a delivery route option. No delivery route serves the destination's zip code in the coming weeks.",
  licenceType: 'Incorrect license type. Please review Medical or Recreational',
  confirmDriverUpdate: 'Are you sure you want to update this order?',
  confirmPickedUp: 'Are you sure you want to set this order to picked up?',
  confirmBoxCount: 'Please confirm this is the correct box/bundle count?',
  confirmBackToTransit:
    'Some of these orders have already been delivered or rejected. Are you sure you want to put these orders back into In-Transit.',
  noSignature: "You don't have a signature currently assigned to your profile.",
  setupSignature: 'Please setup a signature before you use this',
  fixErrors: 'Please fix the errors below.',
  suspended: 'Your account has been suspended. Please contact GPS to reactivate your account.',
  // §8 catalogue
  created: 'Order created successfully!',
  updated: 'Order updated successfully!',
  createFailed: 'Order creation failed!',
  createFailedWith: (msg: string) => `Order creation failed: ${msg}!`,
  bulkSaveFailed: (msg: string) => `Failed to save order(s): ${msg}`,
  spreadsheetFailed: (msg: string) => `Unable to process spreadsheet: ${msg}`,
  bulkDestinationNotFound: 'Unable to find Destination License Number.',
  labelFailed: (msg: string) => `Failed to print: ${msg}`,
  labelError: 'SHIPPING LABEL ERROR',
  scheduleFailed: (msg: string) => `Error: ${msg}`,
  orderNotFound: 'Order not found',
  checkedIn: 'Order checked in successfully!',
  checkedOut: 'Order checked out successfully!',
  manifestUploadFailed: (msg: string) => `Failed to upload manifest: ${msg}`,
  manifestLicencesConfirm:
    'The licenses do not match. Are you sure you want to upload this manifest? It will overwrite any existing manifests.',
  manifestLicencesMismatch: 'Licenses do not match',
  uploadCancelled: 'Upload cancelled.',
  manifestUploaded: 'Manifest uploaded successfully!',
  signCancelled: 'Sign manifests canceled.',
  signedCount: (n: number, total: number) => `${n} manifest(s) out of ${total} were signed`,
  inTransitCount: (n: number, total: number) => `${n} orders out of ${total} were set to In Transit`,
  updateFailed: (msg: string) => `Update failed: ${msg}`,
  // decisions where the spec is silent (services/orders/README.md)
  rejectedTextRequired: 'Rejection text is required when the reason is Other!',
  deliveryInPast: 'Delivery date cannot be in the past',
  pickupInPast: 'Pickup date cannot be in the past',
  sameDayToday: 'Same Day orders cannot be placed for today',
  sameDayNotOffered: 'Same Day orders are not offered for your account.',
  invalidDate: 'Please enter a valid date',
  adminDeliveryDayConfirm: (days: string) =>
    `The delivery date does not match a delivery route day (${days || 'none'}). Save anyway?`,
  adminPickupDayConfirm: (days: string) =>
    `The pickup date does not match a pickup route day (${days || 'none'}). Save anyway?`,
  versionConflict: (name: string) => `This order was changed by ${name}; reload`,
  illegalTransition: (from: string, to: string) => `An order cannot go from ${from} to ${to}.`,
  cancelNotAllowed: 'This order can no longer be cancelled.',
  cancelAllRoutes: 'An order with every route available is arranged by GPS: please contact GPS to cancel it.',
  allRoutesNmOnly:
    'Every route can be made available only for an NM- destination license. Please contact GPS.',
  /** A vendor's edit once the order is on the road (picked up or later). */
  orderLocked: 'This order is on its way and can no longer be changed. Please contact GPS.',
  notOwnLicence: "You can only place orders from your own company's licenses.",
  staffOnlyField: (label: string) => `Only GPS staff can change ${label}.`,
  driverOnlyFields:
    'Drivers can change only the status, rejection, exception, billing, notes and signatures.',
  orderDeleted: 'This order has been deleted.',
  orderCancelled: 'This order has been cancelled.',
  routingUnavailable: 'Delivery routes could not be checked right now. Please try again in a minute.',
  /** The public orders page: a link by user id (the old, guessable form) or without its token. */
  publicLinkNeedsToken:
    "Public orders links now carry the company's own link code. This link is out of date: ask the company for its current public orders link.",
  /** A token that names no company's link (never existed, turned off or regenerated): the same words for each. */
  publicLinkInvalid:
    'This public orders link is not valid: it may have been turned off or replaced. Ask the company for its current link.',
  /** Custody fields come only from the custody steps (check-in, check-out, pick-up, signing, delivery). */
  custodyFieldAtCreate: (field: string) =>
    `${field} cannot be set when an order is created: it is recorded by the custody steps (check-in, check-out, signing, delivery).`,
  /** A new order starts as Order Received (or Order Approved for an internal one). */
  createStatus: (status: string) =>
    `A new order starts as Order Received or Order Approved, not ${status}: later statuses come from the custody steps. An admin may override with a reason.`,
  /** The check-in / check-out stamps on the form: staff's, stamped by the server. */
  custodyStampStaffOnly:
    'Check-in and check-out are recorded by the custody steps (scan or the Check In / Check Out buttons).',
  /** Picked up on the form needs the pickup signature, as the Order Picked Up step does. */
  pickedUpNeedsSignature: 'Cannot mark this order picked up: the pickup signature is missing.',
} as const;
