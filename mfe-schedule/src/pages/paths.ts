/** The route screens' paths (src/manifest.ts) and the spec's early start (orders §9: 06:00 highlighted). */
export const LIST_PATH = '/dashboard/manageRoutes';
export const EDIT_PATH = '/dashboard/editRoute';
export const editPath = (id?: string) => (id ? `${EDIT_PATH}?id=${encodeURIComponent(id)}` : EDIT_PATH);
export const EARLY_START = '06:00';
