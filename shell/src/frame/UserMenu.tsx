import { useEffect, useRef, useState } from 'react';
import { isDevHost } from '@portal/contracts';
import type { PortalProps } from '@portal/ui';
import { SwitchEnvDialog } from './SwitchEnvDialog.js';

/** The header's ellipsis menu (accounts §2); Switch Env only on developer hosts (contracts isDevHost). */
export function UserMenu({ portal, underReview = false }: { portal: PortalProps; underReview?: boolean }) {
  const [open, setOpen] = useState(false);
  const [envOpen, setEnvOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => box.current && !box.current.contains(e.target as Node) && setOpen(false);
    const esc = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', esc);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', esc);
    };
  }, [open]);

  const go = (path: string) => () => {
    setOpen(false);
    portal.navigate(path);
  };
  const items: { key: string; label: string; run: () => void }[] = [
    { key: 'account', label: 'Account', run: go('/dashboard/profile') },
    { key: 'change-email', label: 'Change Email', run: go('/dashboard/changeEmail') },
    { key: 'change-password', label: 'Change Password', run: go('/dashboard/changePassword') },
    { key: 'delete-account', label: 'Delete Account', run: go('/dashboard/deleteaccount') },
  ].filter((i) => !underReview || i.key !== 'delete-account'); // under review: the profile's own screens only
  if (isDevHost(window.location.hostname)) {
    items.push({ key: 'switch-env', label: 'Switch Env', run: () => (setOpen(false), setEnvOpen(true)) });
  }
  items.push({
    key: 'sign-out',
    label: 'Sign Out',
    run: () => (setOpen(false), void portal.session.logout()),
  });

  return (
    <div className="sh-menu" ref={box}>
      <button
        type="button"
        className="sh-ellipsis"
        aria-label="Account menu"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        data-testid="user-menu"
      >
        ⋯
      </button>
      {open && (
        <ul className="sh-menu-list" role="menu">
          {items.map((i) => (
            <li key={i.key} role="none">
              <button type="button" role="menuitem" onClick={i.run} data-testid={`user-menu-${i.key}`}>
                {i.label}
              </button>
            </li>
          ))}
        </ul>
      )}
      <SwitchEnvDialog open={envOpen} onClose={() => setEnvOpen(false)} config={portal.config} />
    </div>
  );
}
