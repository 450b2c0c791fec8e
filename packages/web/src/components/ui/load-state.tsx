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
