import type { ReactNode } from 'react';
import { EmptyRow, ErrorRow } from './empty-state.tsx';
import { SkeletonRows } from './skeleton-rows.tsx';

/**
 * A table body's states, the same on every list: placeholder rows while loading, a retry on
 * failure, the list's empty message, otherwise the rows.
 */
export function TableRows({
  columns,
  loading,
  loadingRows,
  failed,
  onRetry,
  isEmpty,
  empty,
  children,
}: {
  columns: number;
  loading: boolean;
  loadingRows: number;
  failed: boolean;
  onRetry: () => void;
  isEmpty: boolean;
  empty: ReactNode;
  children: ReactNode;
}) {
  if (loading) return <SkeletonRows rows={loadingRows} columns={columns} />;
  if (failed) return <ErrorRow columns={columns} onRetry={onRetry} />;
  if (isEmpty) return <EmptyRow columns={columns}>{empty}</EmptyRow>;
  return <>{children}</>;
}
