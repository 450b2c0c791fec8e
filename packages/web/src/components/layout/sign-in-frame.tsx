import { useSyncExternalStore, type ReactNode } from 'react';
import { brandName, logoUrl } from '../../lib/brand.ts';

/**
 * The screens before the app (sign-in, accepting an invitation, required 2FA setup): the product's
 * name with 'Admin Dashboard', one card, and the copyright footer (SPEC §2's sign-in screen).
 */
export function SignInFrame({ children }: { children: ReactNode }) {
  const year = useCurrentYear();
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-base-200 px-4 py-10">
      <div className="mb-6 flex flex-col items-center gap-2 text-center">
        <img src={logoUrl} alt="" className="h-12 w-12" />
        <h1 className="text-3xl font-bold">{brandName}</h1>
        <p className="text-base-content/70">Admin Dashboard</p>
      </div>
      <div className="card w-full max-w-sm bg-base-100 shadow-md">{children}</div>
      <footer className="mt-8 text-sm text-base-content/60">
        © {year} {brandName}. All rights reserved.
      </footer>
    </main>
  );
}

/** The title and the one line under it at the top of the card. */
export function SignInHeading({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="card-title text-xl">{title}</h2>
      <p className="text-sm text-base-content/70">{children}</p>
    </div>
  );
}

// What the build-time render (prerender.tsx) and the hydration of its markup see is each hook's
// last argument; React then renders again with the browser's value, without a mismatch.
export const noChanges = () => () => {};

/** This year; in login.html, the year it was built. */
const useCurrentYear = () =>
  useSyncExternalStore(
    noChanges,
    () => new Date().getFullYear(),
    () => __BUILD_YEAR__,
  );
