import { Role, type RoleNumber } from '@portal/contracts';
import { checkMapId } from './state.js';

interface Caller {
  sub: string;
  role: RoleNumber;
}

/**
 * Staff may open every map. A driver opens the map of a route and day where they drive an order (checked against
 * the schedule's read models once they exist; until then any driver, like the schedule's route list).
 */
export async function checkMapAccess(user: Caller, id: string): Promise<void> {
  checkMapId(id);
  if (user.role !== Role.Driver) return;
}
