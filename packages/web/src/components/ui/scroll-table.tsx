import type { ReactNode } from 'react';

/** A column's head: its label (for screen readers only when `hidden`) and its class (figures to the right). */
export interface ColumnHead {
  label: string;
  className?: string;
  hidden?: boolean;
}

/** The last column's head of a table whose rows end in their buttons. */
export const actionsHead: ColumnHead = { label: 'Actions', hidden: true };

/**
 * A table that scrolls sideways on a screen narrower than it, named once for both: the scroll is a
 * named region that takes the focus, so a keyboard can scroll it as well (WCAG 2.1.1, axe's
 * scrollable-region-focusable), even when nothing inside it can be focused (the sessions table
 * with only this session in it). `head` gives the column heads; a table with heads of its own (the
 * data table's sortable ones) passes its <thead> among the children instead.
 */
export function ScrollTable({
  label,
  labelledBy,
  className = 'table',
  busy,
  head,
  children,
}: {
  label?: string;
  labelledBy?: string;
  className?: string;
  busy?: boolean;
  head?: readonly (string | ColumnHead)[];
  children: ReactNode;
}) {
  const named = { 'aria-label': label, 'aria-labelledby': labelledBy };
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" {...named}>
      <table className={className} {...named} aria-busy={busy}>
        {head && (
          <thead>
            <tr>
              {head.map((column) => {
                const { label: text, className: align, hidden } = typeof column === 'string' ? { label: column } : column;
                return (
                  <th key={text} className={align}>
                    {hidden ? <span className="sr-only">{text}</span> : text}
                  </th>
                );
              })}
            </tr>
          </thead>
        )}
        {children}
      </table>
    </div>
  );
}
