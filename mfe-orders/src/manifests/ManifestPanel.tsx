import { useRef, useState, type DragEvent } from 'react';
import { OrderMessages as M, Role, type Order } from '@portal/contracts';
import { ApiError, Button, serverMessage, toast, usePortal } from '@portal/ui';
import { useConfirm } from '../parts/useConfirm.js';
import { manifestBlobUrl, uploadManifest } from './manifest-api.js';
import './manifests.css';

const MISMATCH = 'licenses do not match';
const when = (iso: string) => new Date(iso).toLocaleString();
/** orders §8: the licence check's refusal (409) without the server's text is raised as "Licenses do not match". */
const licenceRefusal = (e: Error) =>
  e instanceof ApiError && e.status === 409 && !serverMessage(e.body, '')
    ? new Error(M.manifestLicencesMismatch)
    : null;

export interface ManifestPanelProps {
  order: Order;
  role: number;
  /** After an upload: the order changed (version + 1); the form reloads it. */
  onUploaded: () => void;
  /** View only (the receiving company's read-only order): no upload. */
  readOnly?: boolean;
}

/**
 * The order's manifest: upload a PDF (file input or drop; PDF only), the licence-mismatch confirm
 * (orders §8 words), View Manifest through a short-lived pre-signed URL, the current file's facts and the signed
 * copies. Upload is staff's and the placing company's (the service checks again).
 */
export function ManifestPanel({ order, role, onUploaded, readOnly = false }: ManifestPanelProps) {
  const { session } = usePortal();
  const { ask, dialog } = useConfirm('manifest-confirm');
  const [busy, setBusy] = useState(false);
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const m = order.manifest;
  const cur = m?.current;
  const mayUpload = role !== Role.Driver && !readOnly;

  const send = async (file: File) => {
    if (!/\.pdf$/i.test(file.name) && file.type !== 'application/pdf')
      return toast.error(M.manifestUploadFailed('Only PDF files can be uploaded as manifests.'));
    setBusy(true);
    try {
      const res = await uploadManifest(session, order.id, file, false).catch(async (e: Error) => {
        if (!e.message.toLowerCase().includes(MISMATCH)) throw licenceRefusal(e) ?? e;
        const yes = await ask({ title: 'Manifest', text: M.manifestLicencesConfirm, confirm: 'Upload' });
        if (!yes) return null;
        return uploadManifest(session, order.id, file, true);
      });
      if (!res) return toast.info(M.uploadCancelled);
      toast.success(res.message);
      onUploaded();
    } catch (e) {
      toast.error(M.manifestUploadFailed((e as Error).message));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  const view = async (signed?: number) => {
    // the tab opens on the click (popup blockers), then goes to the URL once it is signed
    const tab = window.open('', '_blank');
    try {
      const url = await manifestBlobUrl(session, order.id, signed);
      if (tab) tab.location.href = url;
      else window.location.assign(url);
    } catch (e) {
      tab?.close();
      toast.error((e as Error).message);
    }
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const f = e.dataTransfer.files[0];
    if (f && mayUpload) void send(f);
  };

  return (
    <section className="mf-panel" data-testid="manifest-panel" aria-label="Manifest">
      <h3>Manifest</h3>
      {cur ? (
        <dl className="mf-facts" data-testid="manifest-current">
          <dt>File</dt>
          <dd data-testid="manifest-file">{cur.filename}</dd>
          <dt>Pages</dt>
          <dd data-testid="manifest-pages">{cur.pages}</dd>
          <dt>Uploaded</dt>
          <dd>
            {cur.uploadedBy.name}, {when(cur.uploadedAt)}
          </dd>
          <dt>Licences</dt>
          <dd data-testid="manifest-licences">
            {cur.licencesMatch ? 'match the order' : 'do not match (uploaded anyway)'}
          </dd>
          <dt>SHA-256</dt>
          <dd className="mf-hash">{cur.sha256.slice(0, 16)}…</dd>
        </dl>
      ) : (
        <p className="pu-muted" data-testid="manifest-none">
          No manifest uploaded yet.
        </p>
      )}
      <div className="mf-actions">
        {cur && (
          <Button onClick={() => void view()} data-testid="manifest-view">
            View Manifest
          </Button>
        )}
        {mayUpload && (
          <label
            className={`mf-drop${over ? ' mf-over' : ''}`}
            onDragOver={(e) => {
              e.preventDefault();
              setOver(true);
            }}
            onDragLeave={() => setOver(false)}
            onDrop={onDrop}
            data-testid="manifest-drop"
          >
            {busy
              ? 'Uploading…'
              : cur
                ? 'Replace manifest (PDF): choose or drop a file'
                : 'Upload manifest (PDF): choose or drop a file'}
            <input
              ref={input}
              type="file"
              accept="application/pdf,.pdf"
              disabled={busy}
              onChange={(e) => e.target.files?.[0] && void send(e.target.files[0])}
              data-testid="manifest-input"
            />
          </label>
        )}
      </div>
      {!!m?.signed?.length && (
        <ul className="mf-signed" data-testid="manifest-signed">
          {m.signed.map((s, i) => (
            <li key={s.key}>
              <Button variant="link" onClick={() => void view(i)}>
                {s.filename}
              </Button>{' '}
              {s.kind === 'driver' ? 'driver' : 'receiver'} {s.name}, {when(s.signedAt)}
            </li>
          ))}
        </ul>
      )}
      {dialog}
    </section>
  );
}
