import { useCallback, useEffect, useRef, useState } from 'react';
import { OrderMessages as OM, SigningMessages as SM } from '@portal/contracts';
import {
  Button,
  Checkbox,
  Modal,
  SIGN_PAD_DELAY_MS,
  TextField,
  errorText,
  toast,
  usePortal,
} from '@portal/ui';
import { useConfirm } from '../parts/useConfirm.js';
import { manifestBlobUrl } from '../manifests/manifest-api.js';
import { SignCanvas, type SignCanvasHandle } from './SignCanvas.js';
import { splitList } from './sign-queue.js';
import { useSignRun, type SignOutcome } from './useSignRun.js';
import './signing.css';

export type SignKind = 'driver' | 'customer';
export interface SignManifestsProps {
  /** The orders to sign (database ids or order ids): one for the order form, a route's worth for the schedule. */
  ids: string[];
  /** The kinds the caller may sign as (staff: both; a driver: driver; the receiver: customer). */
  kinds: SignKind[];
  open: boolean;
  /** Prefills the printed name. */
  name?: string;
  /** The caller's profile signature (offered as "Use my profile signature"; none → the spec's §5 message). */
  profileImage?: string | null;
  onClose(): void;
  onDone?(outcome: SignOutcome): void;
}

const MODE_LABEL = { draw: 'Draw', type: 'Type', profile: 'My saved signature' } as const;
const KIND_LABEL: Record<SignKind, string> = { driver: 'Driver', customer: 'Customer (receiver)' };

/**
 * The full-screen manifest signature pad (orders §2, §4, §9): print name, optional emails for a signed
 * copy, optional rejected package tags, a drawn or typed signature, View Manifest, Save, Clear. It opens after
 * 250 ms; Save asks the disclaimer, then signs the orders two at a time with progress and ends with
 * "{n} manifest(s) out of {total} were signed"; closing or declining says "Sign manifests canceled.".
 */
export function SignManifests({
  ids,
  kinds,
  open,
  name: initialName,
  profileImage,
  onClose,
  onDone,
}: SignManifestsProps) {
  const { session } = usePortal();
  const { ask, dialog } = useConfirm('sign-confirm');
  const { run, progress } = useSignRun(ask);
  const [shown, setShown] = useState(false);
  const [kind, setKind] = useState<SignKind>(kinds[0] ?? 'customer');
  const [name, setName] = useState(initialName ?? '');
  const [emails, setEmails] = useState('');
  const [tags, setTags] = useState('');
  const [notify, setNotify] = useState(true);
  const [mode, setMode] = useState<'draw' | 'type' | 'profile'>('draw');
  const [typed, setTyped] = useState('');
  const [drawn, setDrawn] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const canvas = useRef<SignCanvasHandle>(null);
  const onBegin = useCallback(() => (setDrawn(true), setError(null)), []);

  useEffect(() => {
    if (!open) return setShown(false);
    const t = setTimeout(() => setShown(true), SIGN_PAD_DELAY_MS);
    return () => clearTimeout(t);
  }, [open]);

  const cancel = () => {
    toast.info(SM.canceled);
    onClose();
  };
  const clear = () => {
    canvas.current?.clear();
    setDrawn(false);
    setTyped('');
  };
  const view = async () => {
    const tab = window.open('', '_blank');
    try {
      const url = await manifestBlobUrl(session, ids[0]!);
      if (tab) tab.location.href = url;
      else window.location.assign(url);
    } catch (e) {
      tab?.close();
      toast.error(errorText(e));
    }
  };
  const save = async () => {
    if (!name.trim()) return setError(SM.nameRequired);
    if (mode === 'profile' && !profileImage) return setError(`${OM.noSignature} ${OM.setupSignature}`);
    const signature =
      mode === 'profile'
        ? ({ profile: true } as const)
        : mode === 'type'
          ? typed.trim() && { typed: typed.trim() }
          : drawn && !canvas.current?.isEmpty() && { image: canvas.current!.toPng() };
    if (!signature) return setError(SM.signatureRequired);
    setError(null);
    if (!(await ask({ title: 'Sign manifests', text: SM.disclaimer, confirm: 'I agree, sign' })))
      return cancel();
    const outcome = await run(ids, {
      kind,
      name: name.trim(),
      emails: splitList(emails),
      tags: splitList(tags),
      signature,
      notify,
    });
    onDone?.(outcome);
    onClose();
  };

  const busy = !!progress;
  return (
    <>
      <Modal
        open={open && shown}
        title={`Sign manifest${ids.length > 1 ? `s (${ids.length} orders)` : ''}`}
        onClose={() => !busy && cancel()}
        testId="sign-manifests"
        footer={
          <div className="sgn-actions">
            <Button onClick={() => void view()} disabled={busy} data-testid="sign-manifests-view">
              View Manifest
            </Button>
            <Button onClick={clear} disabled={busy} data-testid="sign-manifests-clear">
              Clear
            </Button>
            <Button onClick={cancel} disabled={busy} data-testid="sign-manifests-cancel">
              Cancel
            </Button>
            <Button
              variant="primary"
              onClick={() => void save()}
              disabled={busy}
              data-testid="sign-manifests-save"
            >
              Save
            </Button>
          </div>
        }
      >
        <div className="sgn-body">
          {kinds.length > 1 && (
            <div className="sgn-kinds" role="radiogroup" aria-label="Sign as">
              {kinds.map((k) => (
                <label key={k}>
                  <input type="radio" name="sgn-kind" checked={kind === k} onChange={() => setKind(k)} />{' '}
                  {KIND_LABEL[k]}
                </label>
              ))}
            </div>
          )}
          <TextField
            label="Print name"
            required
            value={name}
            onChange={setName}
            autoComplete="name"
            testId="sign-manifests-name"
          />
          <TextField
            label="Emails for a signed copy (optional, comma separated)"
            type="text"
            inputMode="email"
            value={emails}
            onChange={setEmails}
            testId="sign-manifests-emails"
          />
          <TextField
            label="Rejected package tags (optional, comma separated)"
            value={tags}
            onChange={setTags}
            testId="sign-manifests-tags"
          />
          <Checkbox
            label="Also send the signed copy to the vendor"
            checked={notify}
            onChange={setNotify}
            testId="sign-manifests-notify"
          />
          <div className="sgn-modes" role="tablist" aria-label="Signature">
            {(['draw', 'type', 'profile'] as const).map((m) => (
              <button
                key={m}
                type="button"
                role="tab"
                aria-selected={mode === m}
                className={`sgn-mode${mode === m ? ' is-on' : ''}`}
                onClick={() => setMode(m)}
                data-testid={`sign-manifests-mode-${m}`}
              >
                {MODE_LABEL[m]}
              </button>
            ))}
          </div>
          {mode === 'draw' && <SignCanvas ref={canvas} onBegin={onBegin} />}
          {mode === 'profile' && profileImage && (
            <img className="sgn-profile" src={profileImage} alt="Your saved signature" />
          )}
          {mode === 'type' && (
            <TextField
              label="Typed signature"
              value={typed}
              onChange={setTyped}
              className="pu-input sgn-typed"
              testId="sign-manifests-typed"
            />
          )}
          {error && (
            <div className="pu-field-error" role="alert" data-testid="sign-manifests-error">
              {error}
            </div>
          )}
          {progress && (
            <div className="sgn-progress" role="status" data-testid="sign-manifests-progress">
              <progress max={progress.total} value={progress.done} />
              Signing… {progress.done} of {progress.total}
            </div>
          )}
        </div>
      </Modal>
      {dialog}
    </>
  );
}
