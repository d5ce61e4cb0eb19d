import { useEffect, useState, type FormEvent } from 'react';
import { Role, LICENCE_MAX, LOGO_TYPES, NEW_LICENCE_PLACEHOLDER, switchValue } from '@portal/contracts';
import {
  Alert,
  Button,
  Checkbox,
  EmptyState,
  PageTitle,
  Select,
  TextArea,
  TextField,
  errorText,
  isEmail,
  toast,
  usePortal,
  useSessionUser,
} from '@portal/ui';
import { getConfig, saveConfig } from '../api.js';
import {
  SWITCH_GROUPS,
  isLink,
  isLogoLink,
  menuChoices,
  parseEmails,
  switchesToSave,
} from './admin/settingsKeys.js';
import './admin/admin.css';

const LOGO_LABELS: Record<string, string> = { orig: 'Original', new: 'New', nj: 'NJ', wh: 'WH', gh: 'GH' };
const Key = ({ k }: { k: string }) => <code className="acc-key">{k}</code>;
/** orders.infoText: a notice of a few sentences, not a page. */
const INFO_TEXT_MAX = 500;

/** Settings (role 0 only; accounts §3, §6, orders §6): the app config keys, grouped, saved with POST /api/utils/config. */
export function Settings() {
  const { api, menu } = usePortal();
  const user = useSessionUser();
  const [cfg, setCfg] = useState<Record<string, unknown> | null>(null);
  const [emailsText, setEmailsText] = useState('');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const allowed = user?.role === Role.SuperAdmin;

  useEffect(() => {
    if (!allowed) return;
    getConfig(api)
      .then((c) => {
        setCfg(c);
        setEmailsText(Array.isArray(c.signupEmails) ? c.signupEmails.join('\n') : '');
      })
      .catch((e: unknown) => setError(`Settings could not be read: ${errorText(e)}`));
  }, [api, allowed]);

  if (!allowed) {
    return (
      <EmptyState title="You do not have access to this page" testId="settings-no-access">
        Only a super admin can change the portal&apos;s settings.
      </EmptyState>
    );
  }
  if (!cfg)
    return error ? (
      <Alert type="error">{error}</Alert>
    ) : (
      <div className="sh-loading" role="status" aria-label="Loading settings" />
    );

  const set = (key: string, value: unknown) => setCfg((c) => ({ ...c, [key]: value }));
  const hidden = Array.isArray(cfg.hideRoutes) ? (cfg.hideRoutes as string[]) : [];
  const toggleHidden = (key: string, on: boolean) =>
    set('hideRoutes', on ? [...hidden, key] : hidden.filter((k) => k !== key));

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const { emails, invalid } = parseEmails(emailsText, isEmail);
    const toslink = String(cfg['account.toslink'] ?? '').trim();
    const labelLogo = typeof cfg['orders.labelLogo'] === 'string' ? cfg['orders.labelLogo'].trim() : '';
    const found = {
      signupEmails: invalid.length ? `Not a valid email: ${invalid.join(', ')}` : undefined,
      toslink: isLink(toslink) ? undefined : 'Enter a full link (https://…) or a portal path (/…)',
      labelLogo: isLogoLink(labelLogo) ? undefined : 'Enter a link to a PNG or JPEG image (https://… or /…)',
    };
    setErrors(found);
    if (found.signupEmails || found.toslink || found.labelLogo) return;
    const data: Record<string, unknown> = {
      logoType: cfg.logoType ?? 'orig',
      hideRoutes: hidden,
      signupEmails: emails,
      'account.toslink': toslink,
      'orders.labelLogo': labelLogo,
      'orders.infoText': String(cfg['orders.infoText'] ?? '').trim(),
      // an emptied box goes back to the spec's default id
      defaultId: String(cfg.defaultId ?? '').trim() || NEW_LICENCE_PLACEHOLDER,
      ...switchesToSave(cfg),
    };
    setBusy(true);
    try {
      await saveConfig(api, data);
      setEmailsText(emails.join('\n'));
      toast.success('Settings saved. Other screens use them from the next page load.');
    } catch (err) {
      setError(`Settings were not saved: ${errorText(err)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void save(e)} noValidate data-testid="settings-page">
      <PageTitle
        actions={
          <Button type="submit" variant="primary" disabled={busy} data-testid="settings-save">
            {busy ? 'Saving…' : 'Save'}
          </Button>
        }
      >
        Settings
      </PageTitle>
      <Alert type="info" testId="settings-note">
        Other screens read these values: the header and menus, sign-up, orders and the schedule. Changes reach
        them when the portal is next loaded (reload the page after saving).
      </Alert>
      {error && (
        <Alert type="error" onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      <div className="acc-settings">
        <fieldset className="pu-card acc-set">
          <legend>Appearance and menu</legend>
          <Select
            label={
              <>
                Logo <Key k="logoType" />
              </>
            }
            value={String(cfg.logoType ?? 'orig')}
            options={LOGO_TYPES.map((t) => ({ value: t, label: `${LOGO_LABELS[t] ?? t} (${t})` }))}
            onChange={(v) => set('logoType', v)}
            testId="settings-logoType"
          />
          <div className="pu-field" role="group" aria-labelledby="settings-hide-label">
            <label id="settings-hide-label">
              Hidden menu entries <Key k="hideRoutes" />
            </label>
            <p className="acc-help acc-readers">
              Hidden entries leave the side menu for everyone; their pages still open from a link.
            </p>
            <div className="acc-checks" data-testid="settings-hideRoutes">
              {menuChoices(menu, hidden).map((m) => (
                <Checkbox
                  key={m.key}
                  label={`${m.label}${m.admin ? ' (admin)' : ''}`}
                  checked={hidden.includes(m.key)}
                  onChange={(on) => toggleHidden(m.key, on)}
                  testId={`settings-hide-${m.key}`}
                />
              ))}
            </div>
          </div>
        </fieldset>
        <fieldset className="pu-card acc-set">
          <legend>Sign-up</legend>
          <TextArea
            label={
              <>
                Admin emails for sign-up notices <Key k="signupEmails" />
              </>
            }
            value={emailsText}
            onChange={(v) => {
              setEmailsText(v);
              setErrors((x) => ({ ...x, signupEmails: undefined }));
            }}
            placeholder="one address per line"
            rows={3}
            error={errors.signupEmails}
            testId="settings-signupEmails"
          />
          <TextField
            label={
              <>
                Terms of service link <Key k="account.toslink" />
              </>
            }
            value={String(cfg['account.toslink'] ?? '')}
            onChange={(v) => set('account.toslink', v)}
            placeholder="https://…"
            error={errors.toslink}
            testId="settings-toslink"
          />
        </fieldset>
        <fieldset className="pu-card acc-set">
          <legend>Licence records</legend>
          <TextField
            label={
              <>
                New licence record&apos;s number <Key k="defaultId" />
              </>
            }
            value={String(cfg.defaultId ?? '')}
            onChange={(v) => set('defaultId', v)}
            placeholder={NEW_LICENCE_PLACEHOLDER}
            maxLength={LICENCE_MAX['License #']}
            testId="settings-defaultId"
          />
          <p className="acc-help acc-readers">
            License Update&apos;s Add Licence starts with this number; empty is {NEW_LICENCE_PLACEHOLDER}.
          </p>
        </fieldset>
        <fieldset className="pu-card acc-set">
          <legend>Labels</legend>
          <TextField
            label={
              <>
                Logo on order labels <Key k="orders.labelLogo" />
              </>
            }
            value={typeof cfg['orders.labelLogo'] === 'string' ? cfg['orders.labelLogo'] : ''}
            onChange={(v) => {
              set('orders.labelLogo', v);
              setErrors((x) => ({ ...x, labelLogo: undefined }));
            }}
            placeholder="https://… (PNG or JPEG); empty prints the portal's name"
            error={errors.labelLogo}
            testId="settings-labelLogo"
          />
        </fieldset>
        <fieldset className="pu-card acc-set">
          <legend>Order lists</legend>
          <TextArea
            label={
              <>
                Information shown above the order lists <Key k="orders.infoText" />
              </>
            }
            value={String(cfg['orders.infoText'] ?? '')}
            onChange={(v) => set('orders.infoText', v.slice(0, INFO_TEXT_MAX))}
            placeholder="e.g. Orders placed after 2 pm ship the next business day. Empty shows nothing."
            rows={3}
            testId="settings-infoText"
          />
        </fieldset>
        {SWITCH_GROUPS.map((g) => (
          <fieldset key={g.title} className="pu-card acc-set">
            <legend>{g.title}</legend>
            <p className="acc-help acc-readers">{g.readers}</p>
            <div className="acc-switches">
              {g.keys.map((s) => (
                <div key={s.key}>
                  <Checkbox
                    label={
                      <>
                        {s.label} <Key k={s.key} />
                      </>
                    }
                    checked={switchValue(cfg, s.key)}
                    onChange={(on) => set(s.key, on)}
                    testId={`settings-${s.key}`}
                  />
                  {s.help && <p className="acc-help">{s.help}</p>}
                </div>
              ))}
            </div>
          </fieldset>
        ))}
      </div>
      <div className="acc-form-actions acc-save-bottom">
        <Button type="submit" variant="primary" disabled={busy} data-testid="settings-save-bottom">
          {busy ? 'Saving…' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
