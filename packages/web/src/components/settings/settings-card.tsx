import type { ReactNode } from 'react';

/** One settings section: a titled card; `wide` for one holding a table. */
export function SettingsCard({
  title,
  description,
  wide = false,
  children,
}: {
  title: string;
  description?: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <section className={`card ${wide ? 'max-w-5xl' : 'max-w-2xl'} bg-base-100 shadow-sm`}>
      <div className="card-body gap-4">
        <div>
          <h3 className="card-title text-lg">{title}</h3>
          {description && <p className="text-sm text-base-content/70">{description}</p>}
        </div>
        {children}
      </div>
    </section>
  );
}
