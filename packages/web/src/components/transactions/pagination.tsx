import { useEffect, useState } from 'react';

/** Client-side pages of a list that is loaded whole; back to page 1 whenever the list changes size. */
export function usePagination<T>(items: readonly T[], pageSize: number) {
  const [page, setPage] = useState(1);
  const pageCount = Math.max(1, Math.ceil(items.length / pageSize));
  useEffect(() => setPage(1), [items.length]);
  const current = Math.min(page, pageCount);
  const start = (current - 1) * pageSize;
  return {
    page: current,
    pageCount,
    setPage,
    total: items.length,
    start,
    end: Math.min(start + pageSize, items.length),
    pageItems: items.slice(start, start + pageSize),
  };
}

/** 'Showing 1-25 of 60' with Previous / Next; nothing when everything fits on one page. */
export function Pagination({
  label,
  page,
  pageCount,
  start,
  end,
  total,
  setPage,
}: {
  label: string;
  page: number;
  pageCount: number;
  start: number;
  end: number;
  total: number;
  setPage: (page: number) => void;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className="flex flex-col items-center justify-between gap-2 border-t border-base-300 px-4 py-3 sm:flex-row">
      <p className="text-sm text-base-content/70" aria-live="polite">
        Showing {start + 1}-{end} of {total}
      </p>
      <div className="join">
        <button type="button" className="btn btn-sm join-item" disabled={page <= 1} onClick={() => setPage(page - 1)}>
          Previous
        </button>
        <span className="btn btn-sm join-item pointer-events-none" aria-current="page">
          Page {page} of {pageCount}
        </span>
        <button type="button" className="btn btn-sm join-item" disabled={page >= pageCount} onClick={() => setPage(page + 1)}>
          Next
        </button>
      </div>
    </nav>
  );
}
