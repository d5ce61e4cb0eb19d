import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColDef } from 'ag-grid-community';
import type { CustomCellRendererProps } from 'ag-grid-react';
import { FleetMessages, canEditFleet, type Vehicle, type VehicleInput } from '@portal/contracts';
import {
  Button,
  Checkbox,
  DataTable,
  TextField,
  datedFileName,
  errorText,
  toast,
  usePortal,
  useQuery as useUrlQuery,
  useSessionUser,
} from '@portal/ui';
import {
  EXPORT_URL,
  FLEETMANAGER_KEY,
  FLEET_KEY,
  VEHICLES_KEY,
  createVehicle,
  downloadFile,
  fleetManager,
  listVehicles,
} from '../api.js';
import { useConfirm } from '../parts/useConfirm.js';
import { ListState } from './ListState.js';
import './fleet.css';
import { MaintenanceDialog } from './MaintenanceDialog.js';
import { VEHICLE_COLUMNS } from './vehicleColumns.js';
import { VehicleForm } from './VehicleForm.js';
import { useVehicleEditing } from './useVehicleEditing.js';

function MaintenanceButton({
  data,
  open,
}: CustomCellRendererProps<Vehicle> & { open: (v: Vehicle) => void }) {
  if (!data) return null;
  return (
    <Button
      size="sm"
      onClick={() => open(data)}
      data-testid="vehicle-maintenance"
      aria-label={`Maintenance of ${data.name}`}
    >
      Maintenance
    </Button>
  );
}

/**
 * The vehicles (orders §2: the fleet manager and manageDriver's Vehicles tab). Staff edit every field in the row,
 * add, delete, log maintenance and export; drivers get what the service gives them (active vehicles only) and no
 * control that changes anything. Rows with a service due carry a badge; "Service due only" narrows to them.
 */
export function VehiclesList({ source = 'vehicles' }: { source?: 'vehicles' | 'fleetmanager' }) {
  const { api, session } = usePortal();
  const staff = canEditFleet(useSessionUser()?.role);
  const client = useQueryClient();
  // The fleet manager reads GET /vehicles/fleetmanager (orders §7), the Vehicles tab GET /vehicles: same rows.
  const vehicles = useQuery({
    queryKey: source === 'fleetmanager' ? FLEETMANAGER_KEY : VEHICLES_KEY,
    queryFn: () =>
      source === 'fleetmanager' ? fleetManager(api).then((d) => d.vehicles) : listVehicles(api),
  });
  // Stable arrays: a new rowData while a row is being saved (the mileage question re-renders the page) would make
  // the grid reload that row from the cache under the user's feet.
  const due = useMemo(() => (vehicles.data ?? []).filter((v) => v.due.length > 0), [vehicles.data]);
  const { ask, dialog } = useConfirm();
  const editing = useVehicleEditing(ask);
  const [adding, setAdding] = useState(false);
  const [maintaining, setMaintaining] = useState<Vehicle | null>(null);
  // The service-due mail links to /dashboard/fleetmanager?due=true: the list opens on the due vehicles.
  const url = useUrlQuery();
  const [dueOnly, setDueOnly] = useState(() => url.get('due') === 'true');
  const [search, setSearch] = useState('');
  const shown = dueOnly ? due : (vehicles.data ?? []);

  // Staff get the Maintenance button beside the service-due badges it clears (the row's Edit/Delete are the
  // table's, at the row's end; Enter on a cell edits the row too).
  const columns = useMemo<ColDef<Vehicle>[]>(() => {
    if (!staff) return VEHICLE_COLUMNS;
    const at = VEHICLE_COLUMNS.findIndex((c) => c.colId === 'due') + 1;
    const maintenance: ColDef<Vehicle> = {
      colId: 'maintenance',
      headerName: 'Maintenance',
      minWidth: 140,
      sortable: false,
      cellRenderer: MaintenanceButton,
      cellRendererParams: { open: setMaintaining },
      // The grid keeps keyboard focus on cells, not on the button inside: Enter on the cell opens the dialog.
      suppressKeyboardEvent: ({ event, data }) => {
        if (event.type !== 'keydown' || event.key !== 'Enter' || !data) return false;
        setMaintaining(data);
        return true;
      },
    };
    return [...VEHICLE_COLUMNS.slice(0, at), maintenance, ...VEHICLE_COLUMNS.slice(at)];
  }, [staff]);

  const add = async (v: VehicleInput) => {
    try {
      await createVehicle(api, v);
      toast.success(FleetMessages.vehicleCreated);
      setAdding(false);
      void client.invalidateQueries({ queryKey: FLEET_KEY });
    } catch (e) {
      toast.error(errorText(e));
    }
  };
  const exportXlsx = () =>
    downloadFile(session, EXPORT_URL, datedFileName('fleet').replace(/\.csv$/, '.xlsx')).catch((e: unknown) =>
      toast.error(`The export failed: ${errorText(e)}`),
    );

  const addButton = staff && (
    <Button variant="primary" onClick={() => setAdding(true)} data-testid="vehicle-add">
      Add Vehicle
    </Button>
  );
  return (
    <>
      {dialog}
      {adding && <VehicleForm onSubmit={add} onClose={() => setAdding(false)} />}
      {maintaining && <MaintenanceDialog vehicle={maintaining} onClose={() => setMaintaining(null)} />}
      <ListState
        query={vehicles}
        what="vehicles"
        testId="vehicles"
        empty={{
          title: staff ? 'No vehicles yet' : 'No active vehicles',
          text: staff
            ? 'Add the vans and trucks of the fleet: plates, VIN, mileage and the dates the service alerts watch.'
            : 'There is no active vehicle to show. The fleet manager adds and activates vehicles.',
          action: addButton,
        }}
      >
        {() => {
          return (
            <DataTable
              rows={shown}
              columns={columns}
              getRowId={(v) => v.id}
              editing={staff ? editing : undefined}
              quickFilter={search}
              onRefresh={() => void vehicles.refetch()}
              testId="vehicles-table"
              emptyText={dueOnly ? 'No vehicle has a service due.' : 'No vehicles to show.'}
              toolbar={
                <>
                  <TextField
                    placeholder="Search vehicles"
                    aria-label="Search vehicles"
                    value={search}
                    onChange={setSearch}
                    testId="vehicles-search"
                  />
                  <Checkbox
                    label={`Service due only (${due.length})`}
                    checked={dueOnly}
                    onChange={setDueOnly}
                    testId="vehicles-due-only"
                  />
                  {staff && (
                    <Button onClick={() => void exportXlsx()} data-testid="vehicles-export">
                      Export xlsx
                    </Button>
                  )}
                  {addButton}
                </>
              }
            />
          );
        }}
      </ListState>
    </>
  );
}
