import { RouteMessages } from '@portal/contracts';
import { ApiError, errorText, toast } from '@portal/ui';

/**
 * A failed Submit (orders §8): the toast "Route created failed!" or "Route edited failed!" plus, on the page, "Route
 * creation failed: {message}!" with the server's text. A taken name (409) is also marked under the name field.
 */
export function saveFailure(isNew: boolean, e: unknown): { nameTaken: boolean; text: string } {
  toast.error(isNew ? RouteMessages.createFailed : RouteMessages.editFailed);
  const message = errorText(e);
  // A 409 is a taken name or a route changed meanwhile; only the first belongs under the name field.
  const nameTaken = e instanceof ApiError && e.status === 409 && message !== RouteMessages.changedMeanwhile;
  return { nameTaken, text: RouteMessages.failedDetail(message) };
}
