import { useQuery } from '@tanstack/react-query';
import type { ColDef } from 'ag-grid-community';
import { DataTable, usePortal } from '@portal/ui';
import { VEHICLES_KEY, listVehicles, type Vehicle } from '../api.js';
import { ListState } from './ListState.js';

const COLUMNS: ColDef<Vehicle>[] = [
  { field: 'name', headerName: 'Vehicle', flex: 2, sort: 'asc' },
  { field: 'lic', headerName: 'Plate', flex: 1 },
  { field: 'vin', headerName: 'VIN', flex: 2 },
  { field: 'year', headerName: 'Year', flex: 0.8 },
  {
    field: 'mileage',
    headerName: 'Mileage',
    flex: 1,
    valueFormatter: (p) => Number(p.value ?? 0).toLocaleString(),
  },
  {
    field: 'status',
    headerName: 'Status',
    flex: 1,
    valueFormatter: (p) => (p.value === 1 ? 'Active' : 'Inactive'),
  },
];

/**
 * The vehicles list (orders §2: fleet manager, and manageDriver's Vehicles tab). Staff see every vehicle, drivers
 * only the active ones — the service decides, the screen shows what it gets. Editing and maintenance come with the
 * fleet issue.
 */
export function VehiclesList() {
  const { api } = usePortal();
  const vehicles = useQuery({ queryKey: VEHICLES_KEY, queryFn: () => listVehicles(api) });
  return (
    <ListState
      query={vehicles}
      what="vehicles"
      testId="vehicles"
      empty={{
        title: 'No vehicles yet',
        text: 'Vehicles with their plates, VIN and mileage appear here once added.',
      }}
    >
      {(rows) => (
        <DataTable
          rows={rows}
          columns={COLUMNS}
          getRowId={(v) => v.id}
          onRefresh={() => void vehicles.refetch()}
          testId="vehicles-table"
        />
      )}
    </ListState>
  );
}
