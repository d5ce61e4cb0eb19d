import { useState, type ReactNode } from 'react';
import { Messages, UPLOAD_MAX_FILE_BYTES } from '@portal/contracts';
import { Button, SignaturePad, TagInput, TextField, errorText, toast, usePortal } from '@portal/ui';
import { uploadFile } from '../../api.js';
import {
  canAddLicences,
  canEditLicence,
  isCompanyUser,
  isDriver,
  type Errors,
  type FieldName,
  type FormContext,
  type ProfileValues,
} from './model.js';

export interface SectionProps {
  values: ProfileValues;
  errors: Errors;
  ctx: FormContext;
  set<K extends FieldName>(name: K, value: ProfileValues[K]): void;
  disabled?: boolean;
}

export function Section({
  title,
  children,
  testId,
}: {
  title: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <fieldset className="acc-pf-form-section" data-testid={testId}>
      <legend>{title}</legend>
      <div className="acc-pf-form-grid">{children}</div>
    </fieldset>
  );
}

/** A text field bound to one form value. */
function Bound({
  p,
  name,
  label,
  testId,
  required = true,
  ...rest
}: {
  p: SectionProps;
  name: FieldName;
  label: string;
  testId: string;
  required?: boolean;
  type?: string;
  autoComplete?: string;
  readOnly?: boolean;
  maxLength?: number;
}) {
  return (
    <TextField
      label={label}
      required={required}
      value={String(p.values[name] ?? '')}
      onChange={(v) => p.set(name, v as never)}
      error={p.errors[name]}
      disabled={p.disabled}
      testId={testId}
      {...rest}
    />
  );
}

/** Company logo: an image file is read as a data URL, uploaded (kind 'logo') and previewed. */
function LogoUpload({ p }: { p: SectionProps }) {
  const { api } = usePortal();
  const [busy, setBusy] = useState(false);
  const pick = (file: File | undefined) => {
    if (!file) return;
    // the server's limit (contracts), said before a 5 MB upload is sent for nothing
    if (file.size > UPLOAD_MAX_FILE_BYTES)
      return void toast.error(`Logo upload failed: ${Messages.uploadTooLarge}`);
    const reader = new FileReader();
    reader.onload = async () => {
      setBusy(true);
      try {
        p.set('logo', await uploadFile(api, String(reader.result), 'logo'));
      } catch (e) {
        toast.error(`Logo upload failed: ${errorText(e)}`);
      } finally {
        setBusy(false);
      }
    };
    reader.readAsDataURL(file);
  };
  return (
    <div className="pu-field acc-pf-logo">
      <span className="acc-pf-static-label">Company Logo</span>
      <div className="acc-pf-logo-row">
        {p.values.logo ? (
          <img
            src={p.values.logo}
            alt="Company logo"
            className="acc-pf-logo-preview"
            data-testid="profile-logo-preview"
          />
        ) : (
          <span className="acc-pf-logo-preview acc-pf-logo-none pu-muted">No logo</span>
        )}
        <input
          id="acc-pf-logo-file"
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp"
          className="acc-pf-file"
          aria-label="Upload company logo"
          disabled={p.disabled || busy}
          onChange={(e) => pick(e.target.files?.[0])}
          data-testid="profile-logo"
        />
        <label htmlFor="acc-pf-logo-file" className="pu-btn pu-btn-secondary pu-btn-md" aria-hidden="true">
          {busy ? 'Uploading…' : p.values.logo ? 'Change Logo' : 'Upload Logo'}
        </label>
      </div>
    </div>
  );
}

export function CompanyFields({ p }: { p: SectionProps }) {
  // staff and drivers have no company: the fields stay (a driver's phone is useful), not required
  const company = isCompanyUser(p.values);
  return (
    <Section title={company ? 'Company' : 'Contact'} testId="profile-section-company">
      <LogoUpload p={p} />
      <span className="acc-pf-form-spacer" />
      <Bound
        p={p}
        name="companyName"
        label="Company Name (LLC)"
        testId="profile-company"
        autoComplete="organization"
        required={company}
      />
      <Bound p={p} name="dba" label="DBA Name" testId="profile-dba" required={company} />
      <Bound p={p} name="contactName" label="Contact Name" testId="profile-name" autoComplete="name" />
      <Bound
        p={p}
        name="phone"
        label="Phone"
        testId="profile-phone"
        type="tel"
        autoComplete="tel"
        required={company}
      />
      <Bound
        p={p}
        name="streetAddress"
        label="Street Address"
        testId="profile-street"
        autoComplete="street-address"
        required={company}
      />
    </Section>
  );
}

/** Billing and licence fields: drivers do not see them (accounts §6). */
export function BillingFields({ p }: { p: SectionProps }) {
  if (isDriver(p.values)) return null;
  const licenceEditable = canEditLicence(p.ctx);
  const company = isCompanyUser(p.values);
  return (
    <>
      <Section title="Billing" testId="profile-section-billing">
        <Bound
          p={p}
          name="billingContactName"
          label="Billing Contact Name"
          testId="profile-billing-name"
          required={company}
        />
        <Bound
          p={p}
          name="billingEmail"
          label="Billing Email"
          testId="profile-billing-email"
          type="email"
          required={company}
        />
        <Bound
          p={p}
          name="billingAddress"
          label="Billing Address"
          testId="profile-billing-address"
          required={company}
        />
      </Section>
      <Section title="Licences" testId="profile-section-licences">
        <Bound
          p={p}
          name="licence"
          label="License Number"
          testId="profile-licence"
          required={licenceEditable && company}
          readOnly={!licenceEditable}
        />
        <TagInput
          label="Additional License Numbers"
          value={p.values.licenceNumbers}
          onChange={(t) => p.set('licenceNumbers', t)}
          disabled={p.disabled || !canAddLicences(p.ctx)}
          placeholder="Add a license number and press Enter"
          testId="profile-licences"
        />
      </Section>
    </>
  );
}

/** The signature pad (roles 0–2 when config sigs.show); the drawn or typed-name image is uploaded (kind 'signature'). */
export function SignatureField({ p }: { p: SectionProps }) {
  const { api } = usePortal();
  return (
    <SignaturePad
      value={p.values.signature?.image}
      name={p.values.signature?.name || p.values.contactName}
      disabled={p.disabled}
      testId="profile-signature"
      onSave={async ({ image, name }) => {
        let url = image;
        try {
          url = await uploadFile(api, image, 'signature');
        } catch (e) {
          toast.error(`Signature upload failed: ${errorText(e)}`);
          return;
        }
        p.set('signature', { image: url, name, date: new Date().toISOString() });
      }}
    />
  );
}

/** The public orders link (admins): read-only, with a Copy button. */
export function PublicLink({ link }: { link: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
    } catch {
      const t = document.createElement('textarea');
      t.value = link;
      document.body.appendChild(t);
      t.select();
      document.execCommand('copy');
      t.remove();
    }
    toast.success(Messages.linkCopied);
  };
  return (
    <div className="pu-field acc-pf-link">
      <label htmlFor="acc-public-link">Public Orders Link</label>
      <div className="acc-pf-link-row">
        <input
          id="acc-public-link"
          className="pu-input"
          readOnly
          value={link}
          data-testid="profile-public-link"
        />
        <Button onClick={() => void copy()} data-testid="profile-copy-link">
          Copy
        </Button>
      </div>
    </div>
  );
}
