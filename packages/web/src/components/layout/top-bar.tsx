import { Link } from '@tanstack/react-router';
import type { RefObject } from 'react';
import { useAuth } from '../../lib/auth.ts';
import { avatarInitials } from '../../lib/profile.ts';
import { themeChoices, useTheme } from '../../lib/theme.ts';
import { NotificationsButton } from '../audit/notifications.tsx';
import { MenuIcon } from '../ui/icons.tsx';
import { HelpButton } from './help-dialog.tsx';
import { UnsentScansDialog } from './unsent-scans-dialog.tsx';
import { useSignOut } from './use-sign-out.ts';

export function TopBar({
  title,
  sidebarOpen,
  menuButtonRef,
  onOpenSidebar,
}: {
  title: string;
  sidebarOpen: boolean;
  menuButtonRef: RefObject<HTMLButtonElement | null>;
  onOpenSidebar: () => void;
}) {
  const { username } = useAuth();
  const signOut = useSignOut();
  const theme = useTheme();
  const initials = avatarInitials(username);

  return (
    <header className="sticky top-0 z-20 flex h-16 items-center gap-2 border-b border-base-300 bg-base-100/95 px-4 backdrop-blur">
      <button
        ref={menuButtonRef}
        type="button"
        className="btn btn-ghost btn-square md:hidden"
        aria-label="Open sidebar"
        aria-controls="app-sidebar"
        aria-expanded={sidebarOpen}
        onClick={onOpenSidebar}
      >
        <MenuIcon />
      </button>
      <h1 className="truncate text-lg font-semibold sm:text-xl" data-testid="shell-title">
        {title}
      </h1>
      <div className="ml-auto flex items-center gap-1">
        <NotificationsButton />
        <HelpButton />
        <div className="dropdown dropdown-end">
          {/* The name starts with the visible initials, so "click AD" works for voice control (WCAG 2.5.3). */}
          <button
            type="button"
            tabIndex={0}
            className="btn btn-ghost btn-circle avatar avatar-placeholder"
            aria-label={`${initials} Account menu`}
          >
            <div className="w-9 rounded-full bg-primary text-primary-content">
              <span className="text-sm font-semibold">{initials}</span>
            </div>
          </button>
          <ul
            tabIndex={0}
            className="menu dropdown-content z-30 mt-2 w-56 rounded-box border border-base-300 bg-base-100 p-2 shadow-lg"
            role="menu"
          >
            <li className="menu-title" role="none">
              <span className="text-base-content">{username || 'Admin'}</span>
              <span className="text-xs font-normal text-base-content/60">Administrator</span>
            </li>
            <li role="none">
              <Link to="/settings" role="menuitem" onClick={() => (document.activeElement as HTMLElement | null)?.blur()}>
                Profile
              </Link>
            </li>
            <li className="menu-title" role="none">
              <span id="theme-menu-label" className="text-base-content/80">
                Theme
              </span>
            </li>
            {themeChoices.map(({ value, label }) => (
              <li role="none" key={value}>
                <button
                  type="button"
                  role="menuitemradio"
                  aria-checked={theme.choice === value}
                  aria-describedby="theme-menu-label"
                  className="justify-between"
                  onClick={() => theme.setChoice(value)}
                >
                  {label}
                  {theme.choice === value && <span aria-hidden="true">✓</span>}
                </button>
              </li>
            ))}
            <li role="none">
              <button type="button" role="menuitem" onClick={() => void signOut.signOut()}>
                Logout
              </button>
            </li>
          </ul>
        </div>
      </div>
      <UnsentScansDialog signOut={signOut} />
    </header>
  );
}
