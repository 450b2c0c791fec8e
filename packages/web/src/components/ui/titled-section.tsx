import type { ReactNode } from 'react';

/** A section named by its own small heading (h4, inside a dialog or a tab): `id` ties the two. */
export function TitledSection({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h4 id={id} className="mb-2 font-semibold">
        {title}
      </h4>
      {children}
    </section>
  );
}
