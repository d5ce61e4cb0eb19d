import type { CSSProperties } from 'react';

export interface StepsProps {
  /** Step titles in order, e.g. the sign-up flow's License Number, Verify Email, Create Profile. */
  steps: string[];
  /** Index of the current step (0-based); earlier steps show as done. */
  current: number;
  testId?: string;
}

const list: CSSProperties = {
  display: 'flex',
  gap: 8,
  listStyle: 'none',
  padding: 0,
  margin: '0 0 18px',
  counterReset: 'none',
};
const item: CSSProperties = {
  flex: '1 1 0',
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: 4,
  textAlign: 'center',
};
const dot = (state: 'done' | 'current' | 'todo'): CSSProperties => ({
  width: 28,
  height: 28,
  borderRadius: '50%',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  fontSize: 14,
  fontWeight: 600,
  border: '2px solid var(--pu-primary)',
  background: state === 'todo' ? 'var(--pu-surface)' : 'var(--pu-primary)',
  color: state === 'todo' ? 'var(--pu-primary)' : 'var(--pu-primary-contrast)',
});
const label = (state: 'done' | 'current' | 'todo'): CSSProperties => ({
  fontSize: 13,
  lineHeight: 1.2,
  fontWeight: state === 'current' ? 600 : 400,
  color: state === 'todo' ? 'var(--pu-muted)' : 'var(--pu-text)',
  overflowWrap: 'anywhere',
});
const bar = (done: boolean): CSSProperties => ({
  flex: '0 1 40px',
  alignSelf: 'flex-start',
  marginTop: 14,
  height: 2,
  background: done ? 'var(--pu-primary)' : 'var(--pu-border)',
});

/** A step indicator: numbered circles (✓ when done) with titles; the current step carries aria-current="step". */
export function Steps({ steps, current, testId = 'steps' }: StepsProps) {
  return (
    <ol style={list} aria-label="Progress" data-testid={testId}>
      {steps.map((title, i) => {
        const state = i < current ? 'done' : i === current ? 'current' : 'todo';
        return [
          i > 0 && <li key={`bar${i}`} aria-hidden="true" style={bar(i <= current)} />,
          <li
            key={title}
            style={item}
            aria-current={state === 'current' ? 'step' : undefined}
            data-testid={`${testId}-${i}`}
            data-state={state}
          >
            <span style={dot(state)} aria-hidden="true">
              {state === 'done' ? '✓' : i + 1}
            </span>
            <span style={label(state)}>
              {title}
              {state === 'done' && (
                <span className="pu-sr-only" style={srOnly}>
                  {' '}
                  (done)
                </span>
              )}
            </span>
          </li>,
        ];
      })}
    </ol>
  );
}

const srOnly: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
};
