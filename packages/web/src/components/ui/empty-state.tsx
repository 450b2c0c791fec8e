import type { ReactNode } from 'react';

/** The one empty-list message of a table, spanning its columns. */
export function EmptyRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={columns} className="py-10 text-center text-base-content/60">
        {children}
      </td>
    </tr>
  );
}

/** A table's load failure, with a way to try again (SPEC leaves this open). */
export function ErrorRow({ columns, onRetry }: { columns: number; onRetry: () => void }) {
  return (
    <tr>
      <td colSpan={columns} className="py-10 text-center" role="alert">
        <p className="text-error">This list could not be loaded.</p>
        <button type="button" className="btn btn-sm mt-2" onClick={onRetry}>
          Try again
        </button>
      </td>
    </tr>
  );
}
