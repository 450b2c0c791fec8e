import { Outlet, useMatches } from '@tanstack/react-router';
import { useCallback, useRef, useState } from 'react';
import { useBusinessZone } from '../../lib/business-zone.ts';
import { trpc } from '../../lib/trpc.ts';
import { Sidebar } from './sidebar.tsx';
import { TopBar } from './top-bar.tsx';

/** The signed-in frame: sidebar, top bar with the screen's title, and the screen. */
export function AppShell() {
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  // Escape, the close button and the overlay hand focus back to the button that opened the drawer.
  const closeSidebar = useCallback((returnFocus: boolean) => {
    setSidebarOpen(false);
    // After React has lifted `inert` from the page, or the button cannot take focus.
    if (returnFocus) requestAnimationFrame(() => menuButton.current?.focus());
  }, []);
  // The business's time zone, read with the screen's own first reads (one batch): every date shown
  // is in it (lib/business-zone.ts takes it from the cache as the answer lands). A screen drawn
  // before it landed (its data already loaded by its route) is drawn again, forms included, so no
  // date is shown or saved on the wrong clock.
  trpc.settings.get.useQuery();
  const zone = useBusinessZone();
  const matches = useMatches();
  const title = [...matches].reverse().find((m) => m.staticData?.title)?.staticData.title ?? 'Dashboard';
  return (
    <div className="min-h-screen bg-base-200">
      <Sidebar open={sidebarOpen} onClose={closeSidebar} />
      {/* While the drawer is open on a small screen, it is the only part of the page in reach. */}
      <div className="flex min-h-screen flex-col md:pl-64" inert={sidebarOpen}>
        <TopBar title={title} sidebarOpen={sidebarOpen} menuButtonRef={menuButton} onOpenSidebar={() => setSidebarOpen(true)} />
        <main className="flex-1 p-4 md:p-6">
          <Outlet key={zone} />
        </main>
      </div>
    </div>
  );
}
