import type { ReactNode } from 'react';

/**
 * A table's sideways scroll on a screen narrower than it: a named region that takes the focus, so
 * a keyboard can scroll it as well (WCAG 2.1.1, axe's scrollable-region-focusable), even when
 * nothing inside it can be focused (the sessions table with only this session in it).
 */
export function ScrollRegion({ label, labelledBy, children }: { label?: string; labelledBy?: string; children: ReactNode }) {
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={label} aria-labelledby={labelledBy}>
      {children}
    </div>
  );
}
