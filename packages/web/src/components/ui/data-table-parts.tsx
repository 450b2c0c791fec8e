// The pieces of a DataTable (data-table.tsx) that hold no state of their own: a sortable
// header, the select-all box, the rows of placeholders while it loads and the error row.
import type { Column, SortOrder, TableSort } from './data-table.tsx';

export function Header<T>({ column, sort }: { column: Column<T>; sort: TableSort | undefined }) {
  const align = column.align === 'right' ? 'text-right' : undefined;
  if (!sort || !column.sortKey) {
    return (
      <th scope="col" className={align}>
        {column.header}
      </th>
    );
  }
  const sortKey = column.sortKey;
  const current = sort.by === sortKey ? sort.order : null;
  const next: SortOrder = current === 'desc' ? 'asc' : 'desc';
  return (
    <th scope="col" className={align} aria-sort={current === null ? 'none' : current === 'asc' ? 'ascending' : 'descending'}>
      <button
        type="button"
        className="inline-flex items-center gap-1 font-semibold hover:underline"
        onClick={() => sort.onChange(sortKey, next)}
      >
        {column.header}
        <svg viewBox="0 0 20 20" fill="currentColor" className={`size-3.5 ${current === null ? 'opacity-30' : ''}`} aria-hidden="true">
          <path d={current === 'asc' ? 'M10 5l5 7H5l5-7z' : 'M10 15l-5-7h10l-5 7z'} />
        </svg>
      </button>
    </th>
  );
}

export function SelectAll<T>({ rows, selected, onChange }: { rows: readonly T[]; selected: number; onChange: (all: boolean) => void }) {
  const all = rows.length > 0 && selected === rows.length;
  return (
    <input
      type="checkbox"
      className="checkbox checkbox-sm"
      aria-label="Select all loaded rows"
      checked={all}
      disabled={rows.length === 0}
      ref={(input) => {
        if (input) input.indeterminate = selected > 0 && !all;
      }}
      onChange={() => onChange(!all)}
    />
  );
}

/** Placeholder rows while a table loads (SPEC §9 says how many per table). */
export function PlaceholderRows({ rows, columns }: { rows: number; columns: number }) {
  return Array.from({ length: rows }, (_, r) => (
    <tr key={r} data-testid="skeleton-row" aria-hidden="true">
      {Array.from({ length: columns }, (_, c) => (
        <td key={c}>
          <div className="skeleton h-4 w-full max-w-40" />
        </td>
      ))}
    </tr>
  ));
}

/** A table's load failure, with a way to try again (SPEC leaves this open). */
export function ErrorRow({ columns, onRetry }: { columns: number; onRetry: () => void }) {
  return (
    <tr>
      <td colSpan={columns} className="py-10 text-center">
        <p className="text-error" role="alert">
          This list could not be loaded.
        </p>
        <button type="button" className="btn btn-sm mt-2" onClick={onRetry}>
          Try again
        </button>
      </td>
    </tr>
  );
}
