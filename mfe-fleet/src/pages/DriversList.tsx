import { useQuery } from '@tanstack/react-query';
import type { ColDef } from 'ag-grid-community';
import { DataTable, usePortal } from '@portal/ui';
import { DRIVERS_KEY, listDrivers, type Driver } from '../api.js';
import { ListState } from './ListState.js';

const COLUMNS: ColDef<Driver>[] = [
  { field: 'name', headerName: 'Name', flex: 2, sort: 'asc' },
  { field: 'phone', headerName: 'Phone', flex: 1.4 },
  { field: 'email', headerName: 'Email', flex: 2 },
  { field: 'lic', headerName: 'Driver Licence', flex: 1.4 },
  { field: 'occLic', headerName: 'Occupational Licence', flex: 1.4 },
];

export const useDrivers = (enabled = true) => {
  const { api } = usePortal();
  return useQuery({ queryKey: DRIVERS_KEY, queryFn: () => listDrivers(api), enabled });
};

/** The Drivers tab (orders §2, "Drivers and vehicles tabs"): staff only. Editing comes with the fleet issue. */
export function DriversList() {
  const drivers = useDrivers();
  return (
    <ListState
      query={drivers}
      what="drivers"
      testId="drivers"
      empty={{
        title: 'No drivers yet',
        text: 'The drivers who run the routes appear here once they are added.',
      }}
    >
      {(rows) => (
        <DataTable
          rows={rows}
          columns={COLUMNS}
          getRowId={(d) => d.id}
          onRefresh={() => void drivers.refetch()}
          testId="drivers-table"
        />
      )}
    </ListState>
  );
}
