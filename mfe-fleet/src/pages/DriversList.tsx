import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColDef } from 'ag-grid-community';
import type { CustomCellRendererProps } from 'ag-grid-react';
import { Button, DataTable, TextField, errorText, toast, usePortal, type RowEditing } from '@portal/ui';
import { FleetMessages, type Driver, type DriverInput } from '@portal/contracts';
import { DRIVERS_KEY, deleteDriver, listDrivers, saveDriver } from '../api.js';
import { driverErrors } from '../model.js';
import { DriverForm } from './DriverForm.js';
import { ListState } from './ListState.js';
import './fleet.css';

function LinkedUser({ data }: CustomCellRendererProps<Driver>) {
  return data?.userId ? (
    <span className="fl-linked" title={`Signs in to the portal as ${data.email}`} data-testid="driver-linked">
      ✓ {data.email}
    </span>
  ) : (
    <span className="fl-muted" title="No driver account in the portal has this email yet">
      Not linked
    </span>
  );
}

const COLUMNS: ColDef<Driver>[] = [
  { field: 'name', headerName: 'Name', flex: 2, minWidth: 150, sort: 'asc', editable: true },
  { field: 'phone', headerName: 'Phone', flex: 1.4, minWidth: 130, editable: true },
  { field: 'email', headerName: 'Email', flex: 2, minWidth: 180, editable: true },
  { field: 'lic', headerName: 'Driver Licence', flex: 1.4, minWidth: 130, editable: true },
  { field: 'occLic', headerName: 'Occupational Licence', flex: 1.4, minWidth: 150, editable: true },
  {
    colId: 'user',
    headerName: 'Portal user',
    flex: 1.6,
    minWidth: 170,
    // The service links a driver record to the portal user (role 2) with the same email.
    valueGetter: (p) => (p.data?.userId ? 'Linked' : 'Not linked'),
    cellRenderer: LinkedUser,
  },
];

export const useDrivers = (enabled = true) => {
  const { api } = usePortal();
  return useQuery({ queryKey: DRIVERS_KEY, queryFn: () => listDrivers(api), enabled });
};

/** The Drivers tab (orders §2): staff only; edit a row in place, add in a dialog, delete after a confirmation. */
export function DriversList() {
  const { api } = usePortal();
  const client = useQueryClient();
  const drivers = useDrivers();
  const [adding, setAdding] = useState(false);
  const [search, setSearch] = useState('');
  const refresh = () => client.invalidateQueries({ queryKey: DRIVERS_KEY });

  const editing = useMemo<RowEditing<Driver>>(
    () => ({
      async onSave(row) {
        const errs = Object.values(driverErrors(row));
        if (errs.length) {
          toast.error(`Not saved: ${errs.join(' ')}`);
          throw new Error(errs.join(' '));
        }
        try {
          const { userId: _linked, ...driver } = row;
          await saveDriver(api, driver);
          toast.success(FleetMessages.driverSaved);
        } catch (e) {
          toast.error(errorText(e));
          throw e;
        } finally {
          void refresh();
        }
      },
      async onDelete(row) {
        try {
          await deleteDriver(api, row.id);
          toast.success(FleetMessages.driverDeleted);
          void refresh();
        } catch (e) {
          toast.error(errorText(e));
        }
      },
      confirmDelete:
        'Delete this driver? Past orders and schedules keep their name, but they can no longer be assigned.',
    }),
    [api],
  );

  const add = async (d: DriverInput) => {
    try {
      await saveDriver(api, d);
      toast.success(FleetMessages.driverSaved);
      setAdding(false);
      void refresh();
    } catch (e) {
      toast.error(errorText(e));
    }
  };

  const addButton = (
    <Button variant="primary" onClick={() => setAdding(true)} data-testid="driver-add">
      Add Driver
    </Button>
  );
  return (
    <>
      {adding && <DriverForm onSubmit={add} onClose={() => setAdding(false)} />}
      <ListState
        query={drivers}
        what="drivers"
        testId="drivers"
        empty={{
          title: 'No drivers yet',
          text: 'Add the drivers who run the routes; a driver whose email matches a portal user is linked to it.',
          action: addButton,
        }}
      >
        {(rows) => (
          <DataTable
            rows={rows}
            columns={COLUMNS}
            getRowId={(d) => d.id}
            editing={editing}
            quickFilter={search}
            onRefresh={() => void drivers.refetch()}
            testId="drivers-table"
            toolbar={
              <>
                <TextField
                  placeholder="Search drivers"
                  aria-label="Search drivers"
                  value={search}
                  onChange={setSearch}
                  testId="drivers-search"
                />
                {addButton}
              </>
            }
          />
        )}
      </ListState>
    </>
  );
}
