const QUESTIONS: [string, string][] = [
  [
    'How do I get an account?',
    'Sign up with your email and your company licence number, verify your email with the pin we send, then complete your profile. Staff review every new account before it is fully active. If your company already uses the portal, ask its account admin to invite you.',
  ],
  [
    'Why can I not place orders?',
    'New accounts can order once staff have verified them. A suspended account cannot order; contact support to reactivate it.',
  ],
  [
    'How do I find when a delivery is scheduled?',
    'Open Delivery Schedule from the header or menu and search by licence or company. It works without signing in.',
  ],
  [
    'Where are my signed manifests?',
    'Signed manifests are kept with each order and can be downloaded from Manifest Download once the delivery is complete.',
  ],
  [
    'How do I report a problem?',
    'Use the Feedback button in the header. Your message goes straight to the support team.',
  ],
];

/** FAQ (public, accounts §1), with the privacy notice the footer links to. */
export function Faq() {
  return (
    <article className="sh-faq" data-testid="faq">
      <h1>Frequently Asked Questions</h1>
      {QUESTIONS.map(([q, a]) => (
        <details key={q} className="pu-card sh-faq-item">
          <summary>{q}</summary>
          <p>{a}</p>
        </details>
      ))}
      <section id="privacy" className="pu-card sh-privacy">
        <h2>Privacy</h2>
        <p>
          We keep the account, company, licence and order details needed to run your deliveries and to meet
          the record-keeping rules for regulated goods. They are shared only with the drivers and companies on
          your orders and with the state track-and-trace system where the law requires it. Ask support for a
          copy of your data or to delete your account.
        </p>
      </section>
    </article>
  );
}
