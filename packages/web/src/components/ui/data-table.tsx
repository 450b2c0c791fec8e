import { useDeferredValue, useRef, useState, type ChangeEvent, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { formatCount } from '../../lib/numbers.ts';
import { ErrorRow, Header, PlaceholderRows, SelectAll } from './data-table-parts.tsx';
import { ScrollTable } from './scroll-table.tsx';

/** One column of a DataTable: its header, how a row's cell reads, and how it sits. */
export interface Column<T> {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  align?: 'right';
  /** classes of the body cells: width, wrapping, type */
  className?: string;
  /** set only where the server can order the list by this column: the order's name */
  sortKey?: string;
}

export type SortOrder = 'asc' | 'desc';

/** The list's order, read from and written to the URL by the page. */
export interface TableSort {
  by: string;
  order: SortOrder;
  onChange: (by: string, order: SortOrder) => void;
}

export interface TableSelection<T> {
  /** how a row is named to screen readers: 'Select {label}' */
  label: (row: T) => string;
  /** buttons acting on the selected rows, shown in the bar that appears with a selection */
  actions?: (rows: T[], clear: () => void) => ReactNode;
}

export interface DataTableProps<T> {
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** the table's accessible name: the id of a visible heading, or a label */
  labelledBy?: string;
  label?: string;
  /** the first load: placeholder rows stand in for the rows */
  loading: boolean;
  /** SPEC §9 says how many placeholder rows each table shows */
  loadingRows: number;
  /** a newer read is under way behind the rows on screen (a search, a sort): a quiet indicator */
  busy?: boolean;
  failed?: boolean;
  onRetry?: () => void;
  empty: ReactNode;
  /** data attributes a row carries (tests and styles find rows by them) */
  rowData?: (row: T) => Record<`data-${string}`, string>;
  /** opens a row's details: by click, or Enter on the focused row */
  onRowClick?: (row: T) => void;
  selection?: TableSelection<T>;
  sort?: TableSort;
  tableClassName?: string;
  /** below the rows once they are loaded: LoadMore */
  footer?: ReactNode;
}

/**
 * Every list's table: columns declared as data; placeholder rows, the error with a retry and the
 * empty message in the body; optional row selection with a bar of bulk actions; optional sortable
 * headers, offered only for orders the server can serve. Hand-written: smaller than a table
 * library for what the lists need, in every list's chunk.
 */
/** A table's read states from the query that fills it: placeholder rows while it is pending, the error row with a retry. */
export const queryStates = (query: { isPending: boolean; isError: boolean; refetch: () => Promise<unknown> }) => ({
  loading: query.isPending,
  failed: query.isError,
  onRetry: () => void query.refetch(),
});

export function DataTable<T>(props: DataTableProps<T>) {
  const { columns, rowKey, busy, selection, footer } = props;
  // Rows that arrive are drawn in a deferred render, which React slices into short tasks, instead
  // of inside the task that received them: fifty rows at once are a long task on a phone.
  const rows = useDeferredValue(props.rows);
  const loading = useDeferredValue(props.loading);
  const failed = useDeferredValue(props.failed ?? false);
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  // Only rows on screen stay selected: a new search or order drops the others, for good.
  const keys = rows.map(rowKey);
  const shown = keys.join('\n');
  const [shownBefore, setShownBefore] = useState(shown);
  if (selection && shown !== shownBefore) {
    setShownBefore(shown);
    setPicked((before) => new Set(keys.filter((key) => before.has(key))));
  }
  const selected = rows.filter((row) => picked.has(rowKey(row)));
  const clear = () => setPicked(new Set());
  const width = columns.length + (selection ? 1 : 0);

  return (
    <>
      {selection && (
        <div aria-live="polite">
          {selected.length > 0 && (
            <div role="group" aria-label="Bulk actions" className={barClass}>
              <span className="text-sm font-medium">{formatCount(selected.length)} selected</span>
              {selection.actions?.(selected, clear)}
              <button type="button" className="btn btn-ghost btn-sm" onClick={clear}>
                Clear selection
              </button>
            </div>
          )}
        </div>
      )}
      {busy !== undefined && (
        <div className="h-0.5">
          {busy && !loading && <progress className="progress progress-primary block h-0.5 w-full" aria-label="Updating the list" />}
        </div>
      )}
      <ScrollTable labelledBy={props.labelledBy} label={props.label} className={props.tableClassName} busy={loading || busy === true}>
        <thead>
          <tr>
            {selection && (
              <th scope="col" className="w-10" data-select="">
                <SelectAll rows={rows} selected={selected.length} onChange={(all) => setPicked(new Set(all ? keys : []))} />
              </th>
            )}
            {columns.map((column) => (
              <Header key={column.id} column={column} sort={props.sort} />
            ))}
          </tr>
        </thead>
        <tbody className={busy && !loading ? 'opacity-60 transition-opacity' : undefined}>
          {loading ? (
            <PlaceholderRows rows={props.loadingRows} columns={width} />
          ) : failed ? (
            <ErrorRow columns={width} onRetry={() => props.onRetry?.()} />
          ) : rows.length === 0 ? (
            <tr>
              <td colSpan={width} className="py-10 text-center text-base-content/60">
                {props.empty}
              </td>
            </tr>
          ) : (
            <Rows {...props} rows={rows} picked={picked} setPicked={setPicked} />
          )}
        </tbody>
      </ScrollTable>
      {!loading && !failed && footer}
    </>
  );
}

const barClass = 'flex flex-wrap items-center gap-2 border-b border-base-300 bg-base-200 px-4 py-2';
const focusRing = 'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary';
const cellClass = (column: { align?: string; className?: string }) =>
  [column.align === 'right' && 'text-right', column.className].filter(Boolean).join(' ') || undefined;

function Rows<T>({
  columns,
  rows,
  rowKey,
  rowData,
  onRowClick,
  selection,
  picked,
  setPicked,
}: DataTableProps<T> & { picked: ReadonlySet<string>; setPicked: (next: ReadonlySet<string>) => void }) {
  // Shift with a click selects (or clears) every row between the last one clicked and this one.
  const anchor = useRef<string | null>(null);
  const toggle = (key: string, checked: boolean, range: boolean) => {
    const next = new Set(picked);
    const keys = rows.map(rowKey);
    const from = anchor.current === null ? -1 : keys.indexOf(anchor.current);
    const to = keys.indexOf(key);
    const span = range && from >= 0 ? keys.slice(Math.min(from, to), Math.max(from, to) + 1) : [key];
    for (const k of span) {
      if (checked) next.add(k);
      else next.delete(k);
    }
    anchor.current = key;
    setPicked(next);
  };
  const open = onRowClick
    ? {
        tabIndex: 0,
        className: `cursor-pointer hover:bg-base-200/50 ${focusRing}`,
        // A click on the row's own controls does what they do, not open the row.
        onClick: (row: T) => (event: MouseEvent) => {
          if (!(event.target as HTMLElement).closest('a, button, input, label, select, textarea')) onRowClick(row);
        },
        onKeyDown: (row: T) => (event: KeyboardEvent) => {
          if (event.target !== event.currentTarget || event.key !== 'Enter') return;
          // Else the same Enter also presses the button that takes focus in the dialog it opens.
          event.preventDefault();
          onRowClick(row);
        },
      }
    : null;

  return rows.map((row) => {
    const key = rowKey(row);
    return (
      <tr
        key={key}
        {...rowData?.(row)}
        tabIndex={open?.tabIndex}
        className={open?.className ?? 'hover:bg-base-200/50'}
        onClick={open?.onClick(row)}
        onKeyDown={open?.onKeyDown(row)}
      >
        {selection && (
          <td className="w-10" data-select="">
            <input
              type="checkbox"
              className="checkbox checkbox-sm"
              aria-label={`Select ${selection.label(row)}`}
              checked={picked.has(key)}
              onChange={(event: ChangeEvent<HTMLInputElement>) =>
                toggle(key, event.target.checked, (event.nativeEvent as globalThis.MouseEvent).shiftKey === true)
              }
            />
          </td>
        )}
        {columns.map((column) => (
          <td key={column.id} className={cellClass(column)}>
            {column.cell(row)}
          </td>
        ))}
      </tr>
    );
  });
}
