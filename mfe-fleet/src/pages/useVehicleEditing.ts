import { useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { FleetMessages, normalizeVin, type Vehicle } from '@portal/contracts';
import { errorText, toast, usePortal, type RowEditing } from '@portal/ui';
import { FLEET_KEY, deleteVehicle, updateVehicle, vehicleInput } from '../api.js';
import { vehicleErrors } from '../model.js';

type Ask = (q: { title: string; text: string; confirm: string }) => Promise<boolean>;

/**
 * Saving an edited vehicle row: the VIN and the other fields are checked first (a clear message, the row goes back),
 * a lowered mileage is confirmed (orders §5 "Fleet edit asks for confirmation when mileage is lowered") and only then
 * sent with confirmLowerMileage; the service decides the rest. A throw restores the row as it was (DataTable).
 */
export function useVehicleEditing(ask: Ask): RowEditing<Vehicle> {
  const { api } = usePortal();
  const client = useQueryClient();
  return useMemo<RowEditing<Vehicle>>(() => {
    const refresh = () => void client.invalidateQueries({ queryKey: FLEET_KEY });
    return {
      async onSave(row, before) {
        const vehicle = { ...vehicleInput(row), vin: normalizeVin(row.vin) };
        const errs = Object.values(vehicleErrors(vehicle));
        if (errs.length) {
          toast.error(`Not saved: ${errs.join(' ')}`);
          throw new Error(errs.join(' '));
        }
        const lowered = row.mileage < before.mileage;
        if (lowered) {
          const yes = await ask({
            title: 'Lower the mileage?',
            text: FleetMessages.confirmLowerMileage(before.mileage, row.mileage),
            confirm: 'Lower the mileage',
          });
          if (!yes) throw new Error('mileage change cancelled');
        }
        try {
          await updateVehicle(api, vehicle, lowered);
          toast.success(FleetMessages.vehicleUpdated);
        } catch (e) {
          toast.error(errorText(e));
          throw e;
        } finally {
          refresh();
        }
      },
      async onDelete(row) {
        try {
          await deleteVehicle(api, row.id);
          toast.success(FleetMessages.vehicleDeleted);
          refresh();
        } catch (e) {
          toast.error(errorText(e));
        }
      },
      confirmDelete:
        'Delete this vehicle? Its maintenance history is kept, but it leaves the fleet and the schedule.',
    };
  }, [api, ask, client]);
}
