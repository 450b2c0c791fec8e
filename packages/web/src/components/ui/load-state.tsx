import type { ReactNode } from 'react';

/** A part of a screen whose data is on its way: a spinner that names what it waits for. */
export function Loading({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-8" role="status" aria-label={label}>
      <span className="loading loading-spinner loading-lg" aria-hidden="true" />
    </div>
  );
}

/** A load that failed, with a way to try again (SPEC leaves this open): '{what} could not be loaded.' */
export function LoadError({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div role="alert" className="py-6 text-center">
      <p className="text-error">{what} could not be loaded.</p>
      <button type="button" className="btn btn-sm mt-2" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

/** The read a part of a screen shows: its data once there, Loading before, LoadError if it failed. */
export function Loaded<T>({
  query,
  label,
  what,
  children,
}: {
  query: { isPending: boolean; isError: boolean; data: T | undefined; refetch: () => Promise<unknown> };
  /** Loading's label: 'Loading settings' */
  label: string;
  /** LoadError's subject: 'The settings' */
  what: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Loading label={label} />;
  if (query.isError || query.data === undefined) return <LoadError what={what} onRetry={() => void query.refetch()} />;
  return children(query.data);
}
