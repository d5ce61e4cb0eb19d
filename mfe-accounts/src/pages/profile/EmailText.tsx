import { Fragment } from 'react';

/**
 * An email address that wraps only after `@` and before `.` (a long address must not break mid-word), with the
 * whole address as its title. A single part longer than the line still wraps (overflow-wrap: anywhere in the CSS)
 * rather than overflow the card.
 */
export function EmailText({
  email,
  className,
  testId,
}: {
  email: string;
  className?: string;
  testId?: string;
}) {
  const parts = email.split(/(?=\.)|(?<=@)/);
  return (
    <span className={className} title={email} data-testid={testId}>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
