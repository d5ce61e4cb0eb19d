import { useCallback, useState } from 'react';
import { DispatchMessages as DM, type ScheduleOrder } from '@portal/contracts/dispatch';
import { errorText, saveBlob, toast, usePortal, type ConfirmAsk } from '@portal/ui';
import { DONE_STATUSES } from './model.js';
import { checkManifests, mergedManifests, setInTransit } from './schedule-api.js';

export const NO_MANIFESTS = 'No order of this route has a manifest.';

/**
 * The route header's server actions: "Set to In Transit" (orders §2, §8: the confirmation, the second one when an
 * order is already delivered or rejected, one server call that moves what may move, the "{n} orders out of {total}"
 * toast with the skipped orders and why) and "print manifests" (the manifests' merge: the check call names the orders without one, confirmed with the
 * spec's question, then the merged PDF is downloaded).
 */
export function useRouteActions(ask: (q: ConfirmAsk) => Promise<boolean>, reload: () => void) {
  const { api, session } = usePortal();
  const [busy, setBusy] = useState<string | null>(null);

  const inTransit = useCallback(
    async (routeId: string, orders: ScheduleOrder[]) => {
      if (!orders.length) return;
      if (
        !(await ask({ title: 'Set to In Transit', text: DM.inTransitConfirm, confirm: 'Set to In Transit' }))
      )
        return;
      // delivered or rejected orders go back into In Transit only when the user says so (orders §4); without that
      // answer the server leaves them and names them among the skipped
      const reopen =
        orders.some((o) => DONE_STATUSES.includes(o.status)) &&
        (await ask({ title: 'Already delivered', text: DM.alreadyDelivered, confirm: 'Set to In Transit' }));
      setBusy(routeId);
      try {
        const a = await setInTransit(
          api,
          orders.map((o) => o.id),
          reopen,
        );
        // the rule is the server's: received (not approved), cancelled or already moving orders stay, and the
        // message names how many were skipped and why
        if (a.data.skipped.length) toast.error(a.message);
        else toast.success(a.message);
      } catch (e) {
        toast.error(DM.updateFailed(errorText(e)));
      } finally {
        setBusy(null);
        reload();
      }
    },
    [api, ask, reload],
  );

  const printManifests = useCallback(
    async (routeId: string, fileName: string, orders: ScheduleOrder[]) => {
      setBusy(routeId);
      try {
        const ids = orders.map((o) => o.id);
        const { withManifest, missing } = await checkManifests(api, ids);
        if (!withManifest.length) return void toast.error(NO_MANIFESTS);
        if (
          missing.length &&
          !(await ask({
            title: 'Print manifests',
            text: DM.missingManifests(missing.join(', ')),
            confirm: 'Print',
          }))
        )
          return;
        saveBlob(fileName, await mergedManifests(session, ids));
      } catch (e) {
        toast.error(errorText(e));
      } finally {
        setBusy(null);
      }
    },
    [api, ask, session],
  );

  return { busy, inTransit, printManifests };
}
