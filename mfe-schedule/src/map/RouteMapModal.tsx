/** The route map modal (issue 14, orders §2 "Route map modal"); opened from a schedule route header. */
export interface RouteMapModalProps {
  routeId: string;
  routeName: string;
  /** YYYY-MM-DD */
  day: string;
  /** The route's stops of the day, in schedule order (the map's first state when none is saved). */
  stops: { orderId: string; name: string; address: string; zip: string }[];
  onClose: () => void;
}

export function RouteMapModal(_props: RouteMapModalProps) {
  return null;
}
