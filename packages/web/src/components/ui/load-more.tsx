import { useEffect, useState, type ReactNode } from 'react';

/**
 * The foot of an infinitely scrolled list: the next page loads as this comes into view (and
 * again while it stays in view, so a search with few matches keeps looking), and a Load more
 * button does the same for keyboards and screen readers. A failed load stops the automatic
 * loading until the button is used.
 */
export function LoadMore({
  hasMore,
  loading,
  failed,
  onLoadMore,
  status,
}: {
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
  onLoadMore: () => void;
  /** where the list stands, read out politely: 'Showing 50 of 100,000 transactions' */
  status: ReactNode;
}) {
  const [sentinel, setSentinel] = useState<HTMLDivElement | null>(null);
  const [inView, setInView] = useState(false);

  useEffect(() => {
    if (!sentinel || typeof IntersectionObserver === 'undefined') return;
    // Start a little before the end is reached, so scrolling rarely waits.
    const observer = new IntersectionObserver(([entry]) => setInView(entry?.isIntersecting ?? false), { rootMargin: '0px 0px 400px 0px' });
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [sentinel]);

  useEffect(() => {
    if (inView && hasMore && !loading && !failed) onLoadMore();
  }, [inView, hasMore, loading, failed, onLoadMore]);

  return (
    <div ref={setSentinel} className="flex flex-col items-center gap-2 border-t border-base-300 px-4 py-3 sm:flex-row sm:justify-between">
      <p className="text-sm text-base-content/70" aria-live="polite">
        {status}
      </p>
      {failed ? (
        <div className="flex items-center gap-2" role="alert">
          <span className="text-sm text-error">More could not be loaded.</span>
          <button type="button" className="btn btn-sm" onClick={onLoadMore}>
            Try again
          </button>
        </div>
      ) : (
        hasMore && (
          <button type="button" className="btn btn-sm" onClick={onLoadMore} disabled={loading} aria-busy={loading}>
            {loading && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
            Load more
          </button>
        )
      )}
    </div>
  );
}
