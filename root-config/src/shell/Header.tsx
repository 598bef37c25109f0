import { initials, isFeatureOn } from '@app/contract';
import { $company, $consoleFlags, $user, logout, navigate } from '@app/shared';
import { useStore } from '@nanostores/react';
import { useCallback, useRef, useState } from 'react';
import { NotificationBell } from './NotificationBell.tsx';
import { useDismiss } from './use-dismiss.ts';

export function Header({ brand, onToggleSidebar }: { brand: string; onToggleSidebar: () => void }) {
  const user = useStore($user);
  const company = useStore($company);
  const flags = useStore($consoleFlags);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);

  const closeMenu = useCallback(() => setMenuOpen(false), []);
  useDismiss(menuRef, menuOpen, closeMenu);

  const signOut = async () => {
    setMenuOpen(false);
    await logout();
    navigate('/login');
  };

  return (
    <header className="shell-header">
      <button type="button" className="shell-icon-button" aria-label="Toggle menu" onClick={onToggleSidebar}>
        ☰
      </button>
      <span className="shell-brand">{brand}</span>
      {company && isFeatureOn(flags, 'app.environment') ? (
        // The environment badge is also the way to the other environment's switch page (§4).
        <a
          className="shell-env"
          data-env={company.environment}
          href={
            company.environment === 'sandbox'
              ? '/switch-to-production-environment'
              : '/switch-to-sandbox-environment'
          }
          aria-label={
            company.environment === 'sandbox'
              ? 'Sandbox environment: switch to production'
              : 'Production environment: switch to the sandbox'
          }
          onClick={(event) => {
            if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
            event.preventDefault();
            navigate(event.currentTarget.getAttribute('href') ?? '/');
          }}
        >
          {company.environment === 'sandbox' ? 'Sandbox' : 'Production'}
        </a>
      ) : null}
      <NotificationBell />
      <div className="shell-user-menu" ref={menuRef}>
        <button
          type="button"
          className="shell-avatar"
          aria-haspopup="menu"
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen(!menuOpen)}
        >
          {/* The initials are decoration: the name says what the button does (label in name, WCAG 2.5.3). */}
          <span aria-hidden="true">{initials(user?.fullname ?? '')}</span>
          <span className="visually-hidden">User menu</span>
        </button>
        {menuOpen ? (
          <div className="shell-menu" role="menu">
            <div className="shell-menu-head">
              <strong>{user?.fullname}</strong>
              <span className="muted">{user?.email}</span>
            </div>
            {isFeatureOn(flags, 'app.accountSetting') ? (
              <button
                type="button"
                role="menuitem"
                onClick={() => {
                  setMenuOpen(false);
                  navigate('/account-setting');
                }}
              >
                Account Setting
              </button>
            ) : null}
            <button type="button" role="menuitem" onClick={signOut}>
              Log out
            </button>
          </div>
        ) : null}
      </div>
    </header>
  );
}
