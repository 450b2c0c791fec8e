import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { brandName, logoUrl } from '../../lib/brand.ts';
import { useProfile } from '../../lib/profile.ts';
import { CalendarIcon, CloseIcon, DashboardIcon, ReceiptIcon, SettingsIcon, UsersIcon } from '../ui/icons.tsx';

// SPEC §2: no SEO link in the sidebar (the SEO page is reached from the dashboard).
const links: { to: '/dashboard' | '/events' | '/customers' | '/transactions' | '/settings'; label: string; icon: ReactNode }[] = [
  { to: '/dashboard', label: 'Dashboard', icon: <DashboardIcon /> },
  { to: '/events', label: 'Events', icon: <CalendarIcon /> },
  { to: '/customers', label: 'Customers', icon: <UsersIcon /> },
  { to: '/transactions', label: 'Transactions', icon: <ReceiptIcon /> },
  { to: '/settings', label: 'Settings', icon: <SettingsIcon /> },
];

const wideQuery = '(min-width: 768px)';
const subscribeWide = (onChange: () => void) => {
  const query = window.matchMedia(wideQuery);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

/**
 * Fixed on screens of 768 px and wider; below that a drawer that closes on a link, the overlay or
 * Escape. A closed drawer is inert: off screen, so out of the keyboard path and the accessibility
 * tree. An open one takes focus and leaves the rest of the page inert (see AppShell).
 */
export function Sidebar({ open, onClose }: { open: boolean; onClose: (returnFocus: boolean) => void }) {
  const profile = useProfile();
  const wide = useSyncExternalStore(subscribeWide, () => window.matchMedia(wideQuery).matches);
  const closeButton = useRef<HTMLButtonElement>(null);
  const drawerOpen = open && !wide;

  useEffect(() => {
    if (open && wide) onClose(false); // the screen grew past the drawer's width
  }, [open, wide, onClose]);
  useEffect(() => {
    if (!drawerOpen) return;
    closeButton.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose(true);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [drawerOpen, onClose]);

  return (
    <>
      {drawerOpen && (
        <button
          type="button"
          aria-label="Close sidebar"
          // For the pointer only: the drawer's own close button and Escape serve the keyboard.
          aria-hidden="true"
          tabIndex={-1}
          data-testid="sidebar-overlay"
          className="fixed inset-0 z-30 bg-black/40 md:hidden"
          onClick={() => onClose(true)}
        />
      )}
      <aside
        id="app-sidebar"
        aria-label="Sidebar"
        data-open={open}
        inert={!wide && !open}
        className={`fixed inset-y-0 left-0 z-40 flex w-64 flex-col border-r border-base-300 bg-base-100 transition-transform duration-200 md:translate-x-0 ${
          open ? 'translate-x-0' : '-translate-x-full'
        }`}
      >
        <div className="flex h-16 items-center gap-2 border-b border-base-300 px-4">
          <img src={logoUrl} alt="" className="h-8 w-8" />
          <span className="text-lg font-bold">{brandName}</span>
          <button
            ref={closeButton}
            type="button"
            className="btn btn-ghost btn-sm btn-square ml-auto md:hidden"
            aria-label="Close sidebar"
            onClick={() => onClose(true)}
          >
            <CloseIcon />
          </button>
        </div>
        <nav aria-label="Main" className="flex-1 overflow-y-auto p-3">
          <ul className="menu w-full gap-1 p-0">
            {links.map((link) => (
              <li key={link.to}>
                <Link to={link.to} onClick={() => onClose(false)} activeProps={{ className: 'menu-active', 'aria-current': 'page' }}>
                  {link.icon}
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-3 border-t border-base-300 p-4" data-testid="sidebar-user">
          <div className="avatar">
            <div className="h-10 w-10 rounded-full bg-base-200">
              <img src={profile.avatarUrl} alt={`${profile.name}'s avatar`} />
            </div>
          </div>
          <div className="min-w-0">
            <p className="truncate text-sm font-medium">{profile.name}</p>
            <p className="text-xs text-base-content/60">Administrator</p>
          </div>
        </div>
      </aside>
    </>
  );
}
