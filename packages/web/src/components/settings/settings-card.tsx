import type { ReactNode } from 'react';

/** One settings section: a titled card. */
export function SettingsCard({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <section className="card max-w-2xl bg-base-100 shadow-sm">
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
