import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Messages, isSuspended, switchValue, type RoleNumber } from '@portal/contracts';
import {
  Alert,
  Button,
  Link,
  PageTitle,
  TextField,
  errorText,
  toast,
  usePortal,
  useSessionUser,
} from '@portal/ui';
import { createUser, deleteUser, getRawMe, getUser, updateUser } from '../../api.js';
import { BillingFields, CompanyFields, SignatureField, type SectionProps } from './Fields.js';
import { SettingsFields } from './SettingsFields.js';
import { AttachedAccounts } from './AttachedAccounts.js';
import { PublicOrdersLink } from './PublicOrdersLink.js';
import { SignInSecurity } from './SignInSecurity.js';
import {
  emptyValues,
  fromUser,
  isStaff,
  toPayload,
  validate,
  type Errors,
  type FormContext,
  type ProfileValues,
  type UserRecord,
} from './model.js';
import './profile.css';
import { EmailText } from './EmailText.js';

export type FormMode = 'profile' | 'edit' | 'create';
const TITLES: Record<FormMode, string> = {
  profile: 'Profile',
  edit: 'Edit Account',
  create: 'Create New Account',
};

/** The ONE form for Profile, Edit Account (?email=) and Create New Account (accounts §2, §5, §6). */
export function AccountForm({ mode, email }: { mode: FormMode; email?: string }) {
  const { api, config, navigate } = usePortal();
  const me = useSessionUser();
  const editorRole: RoleNumber = me?.role ?? 4;
  const creating = mode === 'create';
  const [user, setUser] = useState<UserRecord | null>(null);
  // staff creating an account have reviewed it: Verified unless they choose otherwise (the server's default too)
  const [values, setValues] = useState<ProfileValues | null>(
    creating ? { ...emptyValues(), verified: isStaff(editorRole) } : null,
  );
  const [errors, setErrors] = useState<Errors>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (creating) return;
    if (mode === 'edit' && !email)
      return setLoadError('No account is open for editing: the link has no email.');
    (mode === 'edit' ? getUser(api, email!) : getRawMe(api)).then(
      (u) => {
        setUser(u);
        setValues(fromUser(u));
      },
      (e: unknown) => setLoadError(errorText(e)),
    );
  }, [api, mode, email, creating]);

  const original = useMemo(() => (user ? fromUser(user) : null), [user]);
  const ctx: FormContext = { editorRole, creating, brandNew: creating || !user?.hasSentEmail };
  const editedRole: RoleNumber = original?.role ?? (creating ? editorRole : 4);

  if (loadError)
    return (
      <div data-testid="profile">
        <PageTitle>{TITLES[mode]}</PageTitle>
        <Alert type="error" testId="profile-error">
          {loadError}
        </Alert>
      </div>
    );
  if (!values)
    return (
      <div data-testid="profile" className="pu-muted">
        Loading…
      </div>
    );

  const set: SectionProps['set'] = (name, value) => {
    setValues((v) => (v ? { ...v, [name]: value } : v));
    setErrors((e) => (e[name] ? { ...e, [name]: undefined } : e));
  };
  const p: SectionProps = { values, errors, ctx, set, disabled: busy };
  const staff = isStaff(editorRole);
  const self = !creating && user?.email === me?.email;
  const showSignature = switchValue(config, 'sigs.show') && values.role <= 2;
  const scrollTop = () => window.scrollTo({ top: 0 });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validate(values, ctx);
    setErrors(found);
    if (Object.values(found).some(Boolean)) {
      setGeneral(Messages.fixErrors);
      return scrollTop();
    }
    setGeneral(null);
    setBusy(true);
    const body = toPayload(values, ctx, original);
    try {
      if (creating) {
        const r = await createUser(api, body);
        toast.success(r.message || Messages.accountCreated);
        navigate(`/dashboard/editAccount?email=${encodeURIComponent(String(body.email))}`);
      } else {
        const r = await updateUser(api, body);
        if (r.user) {
          setUser(r.user);
          setValues(fromUser(r.user));
        }
        toast.success(r.message || Messages.profileUpdated);
      }
    } catch (err) {
      const msg = errorText(err);
      if (msg === Messages.emailExists) setErrors({ email: msg });
      if (msg === Messages.invalidLicence) setErrors({ licence: msg });
      setGeneral(
        creating
          ? msg === Messages.emailExists
            ? msg
            : Messages.accountCreationFailed(msg)
          : Messages.profileUpdateFailed(msg),
      );
      scrollTop();
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!user || !window.confirm(`Delete the account ${user.email}? This cannot be undone.`)) return;
    setBusy(true);
    try {
      const r = await deleteUser(api, user.email);
      toast.success(r?.message || Messages.userDeleted);
      navigate('/dashboard/accounts');
    } catch (err) {
      setGeneral(Messages.deleteUserError(errorText(err)));
      scrollTop();
    } finally {
      setBusy(false);
    }
  };

  return (
    <div data-testid="profile" className="acc-pf">
      <PageTitle
        actions={
          <Link
            to={mode === 'profile' ? '/dashboard/orders' : '/dashboard/accounts'}
            data-testid="profile-back"
          >
            ← Back
          </Link>
        }
      >
        {TITLES[mode]}
      </PageTitle>
      {mode === 'profile' && isSuspended(values.verified) && (
        <Alert type="warning" testId="profile-suspended">
          {Messages.suspended}
        </Alert>
      )}
      {general && (
        <Alert type="error" onClose={() => setGeneral(null)} testId="profile-error">
          {general}
        </Alert>
      )}
      <form
        className="pu-card acc-pf-form"
        onSubmit={(e) => void submit(e)}
        noValidate
        data-testid="profile-form"
        aria-label={TITLES[mode]}
      >
        <div className="acc-pf-form-grid acc-pf-form-email">
          {creating ? (
            <TextField
              label="Email"
              type="email"
              required
              value={values.email}
              onChange={(v) => set('email', v)}
              error={errors.email}
              testId="profile-email"
              autoComplete="off"
            />
          ) : (
            <div className="pu-field">
              <span className="acc-pf-static-label">Email</span>
              <EmailText email={values.email} className="acc-pf-static" testId="profile-email" />
            </div>
          )}
        </div>
        <CompanyFields p={p} />
        <BillingFields p={p} />
        {showSignature && (
          <fieldset className="acc-pf-form-section" data-testid="profile-section-signature">
            <legend>Signature</legend>
            <SignatureField p={p} />
          </fieldset>
        )}
        <SettingsFields p={p} editedRole={editedRole} />
        <div className="acc-pf-form-buttons">
          <Button type="submit" variant="primary" disabled={busy} data-testid="profile-save">
            {busy ? 'Saving…' : creating ? 'Create Account' : 'Save'}
          </Button>
          {staff && mode === 'edit' && !self && (
            <Button
              variant="danger"
              onClick={() => void remove()}
              disabled={busy}
              data-testid="profile-delete"
            >
              Delete
            </Button>
          )}
        </div>
      </form>
      {!creating && user && <PublicOrdersLink user={user} editorRole={editorRole} onChange={setUser} />}
      {mode === 'profile' && staff && <SignInSecurity />}
      {staff && mode === 'edit' && user && <AttachedAccounts email={user.email} />}
    </div>
  );
}
