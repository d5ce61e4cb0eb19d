import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LIMITS, ROUTE_START_TIME_WARNING, RouteMessages, canManageRoutes } from '@portal/contracts';
import {
  Alert,
  Button,
  PageTitle,
  TextField,
  errorText,
  toast,
  usePortal,
  useSessionUser,
  useQuery as useUrlQuery,
} from '@portal/ui';
import { ROUTES_KEY, createRoute, deleteRoute, listRoutes, updateRoute } from '../api.js';
import { LIST_PATH } from './paths.js';
import {
  blankRoute,
  blankRow,
  fromRoute,
  routeProblems,
  sameRoute,
  toInput,
  type RouteDraft,
  type RowDraft,
} from './editor/draft.js';
import { Confirm } from './editor/Confirm.js';
import { RowDialog } from './editor/RowDialog.js';
import { RowsTable } from './editor/RowsTable.js';
import { saveFailure } from './editor/messages.js';
import { useLeaveGuard } from './editor/useLeaveGuard.js';
import './routes.css';

/**
 * The route editor (orders §2, /dashboard/editRoute; ?id= edits, none creates): name, start time and the location
 * rows, Submit, Back with the unsaved-changes question, Delete Route for roles 0 and 1 when editing. The route
 * comes from the list answer (one call serves list and editor; 60 routes is the spec's scale).
 */
export function RouteEditor() {
  const { api } = usePortal();
  const user = useSessionUser();
  const id = useUrlQuery().get('id');
  const routes = useQuery({ queryKey: [...ROUTES_KEY, ''], queryFn: () => listRoutes(api), enabled: !!id });
  const stored = id ? routes.data?.find((r) => r.id === id) : undefined;

  if (id && routes.isPending) return <div className="pu-page-loading" aria-busy="true" />;
  if (id && !stored)
    return (
      <Alert type="error" testId="route-missing">
        {routes.isError
          ? `The route could not be loaded: ${errorText(routes.error)}`
          : `${RouteMessages.notFound}: it may have been deleted.`}
      </Alert>
    );
  return (
    <EditorForm
      key={id ?? 'new'}
      initial={stored ? fromRoute(stored) : blankRoute()}
      canDelete={!!stored && !!user && canManageRoutes(user.role)}
    />
  );
}

function EditorForm({ initial, canDelete }: { initial: RouteDraft; canDelete: boolean }) {
  const { api } = usePortal();
  const client = useQueryClient();
  const [draft, setDraft] = useState(initial);
  const [tried, setTried] = useState(false);
  const [editing, setEditing] = useState<{ row: RowDraft; isNew: boolean } | null>(null);
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<ReturnType<typeof saveFailure> | null>(null);
  const isNew = !draft.id;
  const guard = useLeaveGuard(!sameRoute(draft, initial));
  const problems = tried ? routeProblems(draft) : {};
  const early = draft.startTime === ROUTE_START_TIME_WARNING;
  // A taken name stops being marked once the name is changed.
  useEffect(() => setFailure((f) => (f?.nameTaken ? null : f)), [draft.name]);

  const done = async (message: string) => {
    await client.invalidateQueries({ queryKey: ROUTES_KEY });
    toast.success(message);
    guard.go(LIST_PATH);
  };
  const save = useMutation({
    mutationFn: () => {
      const body = toInput(draft);
      return 'id' in body ? updateRoute(api, body) : createRoute(api, body);
    },
    onSuccess: () => done(isNew ? RouteMessages.created : RouteMessages.edited),
    onError: (e) => setFailure(saveFailure(isNew, e)),
  });
  const remove = useMutation({
    mutationFn: () => deleteRoute(api, draft.id!),
    onSuccess: () => done(RouteMessages.deleted),
    onError: (e) => toast.error(errorText(e)),
    onSettled: () => setAsking(false),
  });
  const submit = () => {
    setTried(true);
    if (Object.keys(routeProblems(draft)).length === 0) save.mutate();
  };
  const putRow = (row: RowDraft) => {
    const known = draft.rows.some((r) => r.key === row.key);
    setDraft({
      ...draft,
      rows: known ? draft.rows.map((r) => (r.key === row.key ? row : r)) : [...draft.rows, row],
    });
    setEditing(null);
  };

  return (
    <>
      <form
        className="rt-editor"
        data-testid="route-editor"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <PageTitle>{isNew ? 'Add Route' : `Edit Route: ${initial.name}`}</PageTitle>
        {failure && (
          <Alert type="error" testId="route-save-error" onClose={() => setFailure(null)}>
            {failure.text}
          </Alert>
        )}
        <div className="rt-head-fields">
          <TextField
            label="Route Name"
            required
            value={draft.name}
            onChange={(v) => setDraft({ ...draft, name: v })}
            maxLength={LIMITS.routeName}
            error={problems.name ?? (failure?.nameTaken ? failure.text : null)}
            testId="route-name"
          />
          <div className={early ? 'rt-start rt-start-early' : 'rt-start'}>
            <TextField
              label="Route Start Time"
              required
              type="time"
              value={draft.startTime}
              onChange={(v) => setDraft({ ...draft, startTime: v })}
              error={problems.startTime}
              testId="route-start"
            />
            {early && (
              <div className="rt-early-note" role="status" data-testid="route-early">
                Early start: this route leaves at {ROUTE_START_TIME_WARNING}.
              </div>
            )}
          </div>
        </div>
        <div className="rt-rows-head">
          <h2>Route Locations</h2>
          <Button onClick={() => setEditing({ row: blankRow(), isNew: true })} data-testid="add-location">
            Add Route Location
          </Button>
        </div>
        <RowsTable
          rows={draft.rows}
          onEdit={(row) => setEditing({ row, isNew: false })}
          onRemove={(row) => setDraft({ ...draft, rows: draft.rows.filter((r) => r.key !== row.key) })}
        />
        <div className="rt-actions">
          <Button onClick={() => guard.leave(LIST_PATH)} data-testid="route-back">
            Back
          </Button>
          <span className="rt-grow" />
          {canDelete && (
            <Button variant="danger" onClick={() => setAsking(true)} data-testid="route-delete">
              Delete Route
            </Button>
          )}
          <Button variant="primary" type="submit" disabled={save.isPending} data-testid="route-submit">
            {save.isPending ? 'Saving…' : 'Submit'}
          </Button>
        </div>
      </form>
      <RowDialog
        row={editing?.row ?? null}
        isNew={!!editing?.isNew}
        onSave={putRow}
        onClose={() => setEditing(null)}
      />
      <Confirm
        open={asking}
        title="Delete Route"
        text={`Delete the route “${initial.name}”? It leaves the route list, the order form and the schedule search.`}
        yes="Delete Route"
        danger
        busy={remove.isPending}
        onYes={() => remove.mutate()}
        onNo={() => setAsking(false)}
        testId="confirm-delete"
      />
      <Confirm
        open={guard.pending !== null}
        title="Unsaved changes"
        text="This route has changes that are not saved. Leave without saving them?"
        yes="Leave"
        onYes={() => guard.go(guard.pending!)}
        onNo={guard.stay}
        testId="confirm-leave"
      />
    </>
  );
}
