import { useState } from 'react';
import { Role, isStaff, type Order } from '@portal/contracts';
import { Button } from '@portal/ui';
import { ownLicences, type Me } from '../form/profile.js';
import { SignManifests, type SignKind } from './SignManifests.js';

/**
 * Who signs an order's manifest as what (orders §4, §6): staff either kind, a driver (their orders only:
 * the only ones they see) as the driver, the receiver (a user of the destination licence's company) as the
 * customer; the vendor does not sign. Nothing to sign without an uploaded manifest.
 */
export function signKindsFor(me: Pick<Me, 'role' | 'company'>, order: Order): SignKind[] {
  if (!order.manifest?.current || order.deleted !== 0) return [];
  if (isStaff(me.role as never)) return ['driver', 'customer'];
  if (me.role === Role.Driver) return ['driver'];
  return ownLicences(me as Me).includes(order.data.order.destinationLN ?? '') ? ['customer'] : [];
}

/** The order form's "Sign Manifest" button and its pad. */
export function SignManifestButton({ order, me, onSigned }: { order: Order; me: Me; onSigned(): void }) {
  const [open, setOpen] = useState(false);
  const kinds = signKindsFor(me, order);
  if (!kinds.length) return null;
  const signed = order.manifest?.signed ?? [];
  return (
    <section className="sgn-panel" data-testid="sign-manifest-panel">
      <Button variant="primary" onClick={() => setOpen(true)} data-testid="sign-manifest">
        Sign Manifest
      </Button>
      {signed.length > 0 && (
        <span className="sgn-count" data-testid="sign-manifest-count">
          Signed {signed.length} time{signed.length > 1 ? 's' : ''}; last by {signed.at(-1)!.name} (
          {signed.at(-1)!.kind})
        </span>
      )}
      {open && (
        <SignManifests
          ids={[order.id]}
          kinds={kinds}
          open={open}
          name={[me.name?.firstName, me.name?.lastName].filter(Boolean).join(' ')}
          profileImage={me.signature?.image ?? null}
          onClose={() => setOpen(false)}
          onDone={(o) => o.signed > 0 && onSigned()}
        />
      )}
    </section>
  );
}
