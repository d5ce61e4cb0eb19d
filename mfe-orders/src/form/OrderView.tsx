import {
  isStaff,
  licenceKey,
  ORDER_STATUS_NAMES,
  ORDER_TYPES,
  Role,
  type LicenceCopy,
  type Order,
  type OrderStatusNumber,
  type RoleNumber,
} from '@portal/contracts';
import { useState } from 'react';
import { Alert, Button } from '@portal/ui';
import { CustodyPanel } from '../custody/CustodyPanel.js';
import { ManifestPanel } from '../manifests/ManifestPanel.js';
import { SignManifestButton } from '../signing/SignManifestButton.js';
import { HistoryPanel } from './HistoryPanel.js';
import { ownLicences, type Me } from './profile.js';
import './order-view.css';

/**
 * May the caller change this order? The service's rule (orders' mayWrite): staff and the order's drivers, and the
 * company that placed it (its pickup licence is one of the caller's). Anyone else who can read it (the receiving
 * company) gets the read-only view: no control that would only end in a permission error.
 */
export function mayEditOrder(me: Me, order: Order): boolean {
  const role = me.role as RoleNumber;
  if (isStaff(role) || role === Role.Driver) return true;
  const pickup = order.pickupKey || licenceKey(order.data.order.pickupLN ?? '');
  return ownLicences(me).some((l) => licenceKey(l) === pickup);
}

/** An ISO day (stored at noon UTC) as "Mon, Nov 30, 2026"; '' when absent. */
const day = (iso?: string) =>
  iso
    ? new Date(iso).toLocaleDateString('en-US', {
        weekday: 'short',
        month: 'short',
        day: 'numeric',
        year: 'numeric',
        timeZone: 'UTC',
      })
    : '';

const party = (c: LicenceCopy | undefined, lic: string | undefined) =>
  [c?.Licensee || c?.DBA, lic && `(${lic})`].filter(Boolean).join(' ');
const address = (c: LicenceCopy | undefined) =>
  [c?.['Street Address'], [c?.City, c?.Zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');

/**
 * The order as the receiving company sees it (a mailed /order/{id} link, or a deep link): its facts, the manifest
 * to view and to sign as the receiver (its one write, the service's own check), history, custody and Back.
 */
export function OrderView({
  order: loaded,
  me,
  onBack,
  onReload,
}: {
  order: Order;
  me: Me;
  onBack: () => void;
  onReload: () => Promise<Order | null>;
}) {
  const [order, setOrder] = useState(loaded);
  const reload = async () => setOrder((await onReload()) ?? order);
  const o = order.data.order;
  const { pickupCompany: from, destCompany: to } = order.data;
  const facts: [string, string][] = [
    ['Order ID', order.orderId],
    ['Status', ORDER_STATUS_NAMES[o.status as OrderStatusNumber] ?? String(o.status)],
    ['Order Type', ORDER_TYPES[o.orderType as keyof typeof ORDER_TYPES] ?? o.orderType ?? ''],
    ['Vendor', party(from, o.pickupLN)],
    ['Pickup Address', address(from)],
    ['Destination', party(to, o.destinationLN)],
    ['Destination Address', address(to)],
    ['Preferred Delivery Date', day(o.preferredDelivery)],
    ['Approved Delivery Date', day(o.deliveryDate)],
    ['Approved Pickup Date', day(o.pickupDate)],
    ['Box Count', o.weight ?? ''],
    ['Notes', o.notes ?? ''],
  ];
  return (
    <div className="ord-view" data-testid="order-view">
      <Alert type="info" testId="order-readonly">
        Your company receives this order, so it is shown read-only. The vendor or the portal&apos;s staff can
        change it.
      </Alert>
      <dl className="ord-view-facts">
        {facts
          .filter(([, v]) => v)
          .map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd data-testid={`order-view-${k.toLowerCase().replace(/\W+/g, '-')}`}>{v}</dd>
            </div>
          ))}
      </dl>
      <ManifestPanel order={order} role={Role.User} readOnly onUploaded={() => undefined} />
      <SignManifestButton order={order} me={me} onSigned={() => void reload()} />
      <HistoryPanel id={order.id} version={order.version} />
      <CustodyPanel id={order.id} version={order.version} />
      <div className="ord-actions">
        <Button onClick={onBack} data-testid="order-back">
          &lt; Back
        </Button>
      </div>
    </div>
  );
}
