/**
 * What an `email` job holds: only what its template needs (no rendered bodies except sendEmail's own html).
 * Pins, reset codes and invite tokens stay sealed (kit seal(), bound to the address, expiring with the code):
 * Redis never holds them in clear; they are opened just before the send (domain/render.ts).
 */
export type EmailJob =
  | { kind: 'feedback'; from: string; message: string }
  | { kind: 'account-verified'; email: string; name?: string }
  | { kind: 'pin'; email: string; sealedPin: string; purpose: 'signup' | 'change-email'; expiresAt: string }
  | { kind: 'reset-code'; email: string; sealedCode: string; expiresAt: string; welcome?: boolean }
  | { kind: 'user-applied'; to: string; email: string; companyName?: string; licenseNumber?: string }
  | {
      kind: 'invite';
      email: string;
      invitedBy: string;
      companyName?: string;
      /** The sign-up link without its secret. */
      link: string;
      /** The invite token, sealed; absent on an invite that needs none (e.g. already accepted). */
      sealedToken?: string;
    }
  /** A mail rendered when its event was consumed (service-due, orders); `text` is its plain-text body. */
  | {
      kind: 'raw';
      to: string;
      subject: string;
      html: string;
      text?: string;
      /** Sign a tracking link for this order at send time, so no secret waits in Redis (order-mails.ts fillTrackingLink). */
      track?: { orderId: string; exp: number };
    };

/** Who a job mails (for the failed-mail list). */
export function recipientOf(data: EmailJob, env: { FEEDBACK_TO: string }): string {
  switch (data.kind) {
    case 'feedback':
      return env.FEEDBACK_TO;
    case 'user-applied':
    case 'raw':
      return data.to;
    default:
      return data.email;
  }
}
