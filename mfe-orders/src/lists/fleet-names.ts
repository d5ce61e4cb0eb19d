import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  Role,
  isStaff,
  type DriverListAnswer,
  type RoleNumber,
  type VehicleListAnswer,
} from '@portal/contracts';
import { usePortal } from '@portal/ui';

/** A name for an id, '' for no id, null while the names load, undefined for an id the fleet does not know. */
export type NameOf = (id: string) => string | null | undefined;
export interface FleetNames {
  /** Whether the caller may read the names at all (fleet: drivers 0, 1; vehicles 0, 1, 2). */
  drivers: boolean;
  vehicles: boolean;
  driver: NameOf;
  vehicle: NameOf;
}

const lookup =
  (loading: boolean, map: Map<string, string>): NameOf =>
  (id) =>
    !id ? '' : loading ? null : map.get(id);

/**
 * The names the order lists show instead of fleet ids: fleet's GET /api/drivers (staff) and GET /api/vehicles
 * (staff and drivers: a driver reads only active vehicles). The same cache as the order form's driver choice.
 * `withVin` (orders.showVin): a vehicle reads "name (VIN …)" where the fleet has its VIN.
 */
export function useFleetNames(role: RoleNumber | undefined, withVin = false): FleetNames {
  const { api } = usePortal();
  const staff = role !== undefined && isStaff(role);
  const canVehicles = staff || role === Role.Driver;
  const drivers = useQuery({
    queryKey: ['orders', 'drivers'],
    queryFn: () => api.get<DriverListAnswer>('/api/drivers').then((r) => r.data.drivers),
    enabled: staff,
    staleTime: 5 * 60_000,
  });
  const vehicles = useQuery({
    queryKey: ['orders', 'vehicles'],
    queryFn: () => api.get<VehicleListAnswer>('/api/vehicles').then((r) => r.data.vehicles),
    enabled: canVehicles,
    staleTime: 5 * 60_000,
  });
  const driverPending = staff && drivers.isPending;
  const vehiclePending = canVehicles && vehicles.isPending;
  // one object per answer: the grid's columns are rebuilt only when the names change
  return useMemo(
    () => ({
      drivers: staff,
      vehicles: canVehicles,
      driver: lookup(driverPending, new Map((drivers.data ?? []).map((d) => [d.id, d.name]))),
      vehicle: lookup(
        vehiclePending,
        new Map(
          (vehicles.data ?? []).map((v) => [v.id, withVin && v.vin ? `${v.name} (VIN ${v.vin})` : v.name]),
        ),
      ),
    }),
    [staff, canVehicles, driverPending, vehiclePending, drivers.data, vehicles.data, withVin],
  );
}
