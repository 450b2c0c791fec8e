import { Outlet, useMatches } from '@tanstack/react-router';
import { useState } from 'react';
import { Sidebar } from './sidebar.tsx';
import { TopBar } from './top-bar.tsx';

/** The signed-in frame: sidebar, top bar with the screen's title, and the screen. */
export function AppShell() {
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const matches = useMatches();
  const title = [...matches].reverse().find((m) => m.staticData?.title)?.staticData.title ?? 'Dashboard';
  return (
    <div className="min-h-screen bg-base-200">
      <Sidebar open={sidebarOpen} onClose={() => setSidebarOpen(false)} />
      <div className="flex min-h-screen flex-col md:pl-64">
        <TopBar title={title} onOpenSidebar={() => setSidebarOpen(true)} />
        <main className="flex-1 p-4 md:p-6">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
