import { LOGO_TYPES, type LogoType } from '@portal/contracts';

interface Variant {
  bg: string;
  fg: string;
  badge?: string;
  shape: 'truck' | 'box' | 'leaf';
}

/** The five logo variants chosen by config logoType (accounts §1): same mark, different colours and badge. */
const VARIANTS: Record<LogoType, Variant> = {
  orig: { bg: '#1f6f5c', fg: '#e0a526', shape: 'truck' },
  new: { bg: '#243b6b', fg: '#5fd0c5', shape: 'box' },
  nj: { bg: '#1d4e89', fg: '#f2c14e', badge: 'NJ', shape: 'truck' },
  wh: { bg: '#4a4f57', fg: '#ff8c42', badge: 'WH', shape: 'box' },
  gh: { bg: '#2f6b2f', fg: '#b6e36a', badge: 'GH', shape: 'leaf' },
};

function Mark({ v }: { v: Variant }) {
  if (v.shape === 'box')
    return (
      <path
        d="M9 13l9-5 9 5v10l-9 5-9-5zM9 13l9 5 9-5M18 18v10"
        fill="none"
        stroke={v.fg}
        strokeWidth="2"
        strokeLinejoin="round"
      />
    );
  if (v.shape === 'leaf')
    return (
      <path
        d="M10 27c0-11 7-17 17-17 0 11-6 17-17 17zM10 27l9-9"
        fill="none"
        stroke={v.fg}
        strokeWidth="2.2"
        strokeLinecap="round"
      />
    );
  return (
    <g fill={v.fg}>
      <path d="M7 12h14v10H7zM21 15h5l3 4v3h-8z" />
      <circle cx="11.5" cy="24" r="2.4" fill="#fff" />
      <circle cx="24" cy="24" r="2.4" fill="#fff" />
    </g>
  );
}

export function Logo({ type, name }: { type?: string; name: string }) {
  const key = (LOGO_TYPES as readonly string[]).includes(type ?? '') ? (type as LogoType) : 'orig';
  const v = VARIANTS[key];
  return (
    <svg
      className="sh-logo-svg"
      viewBox="0 0 36 36"
      width="36"
      height="36"
      role="img"
      aria-label={`${name} logo`}
      data-logo={key}
    >
      <rect width="36" height="36" rx="8" fill={v.bg} />
      <Mark v={v} />
      {v.badge && (
        <text
          x="27"
          y="10"
          fontSize="7.5"
          fontWeight="700"
          fill="#fff"
          textAnchor="middle"
          fontFamily="system-ui, sans-serif"
        >
          {v.badge}
        </text>
      )}
    </svg>
  );
}
