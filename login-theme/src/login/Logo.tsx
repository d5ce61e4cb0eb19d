/** The portal's mark (the shell's "orig" logo: the truck on the brand green), decorative beside the name. */
export function Logo() {
  return (
    <svg viewBox="0 0 36 36" width="36" height="36" aria-hidden="true" focusable="false">
      <rect width="36" height="36" rx="8" fill="#1f6f5c" />
      <g fill="#e0a526">
        <path d="M7 12h14v10H7zM21 15h5l3 4v3h-8z" />
        <circle cx="11.5" cy="24" r="2.4" fill="#fff" />
        <circle cx="24" cy="24" r="2.4" fill="#fff" />
      </g>
    </svg>
  );
}
