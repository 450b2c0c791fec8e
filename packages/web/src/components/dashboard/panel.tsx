import { useId, type ReactNode } from 'react';

/** A dashboard card with a heading; `action` sits at the heading's right. */
export function Panel({
  title,
  description,
  action,
  children,
  className = '',
  testId,
}: {
  title: string;
  description?: string;
  action?: ReactNode;
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  const titleId = useId();
  return (
    <section className={`card h-full bg-base-100 shadow-sm ${className}`} aria-labelledby={titleId} data-testid={testId}>
      <div className="card-body gap-4 p-4 sm:p-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 id={titleId} className="card-title text-lg">
              {title}
            </h2>
            {description && <p className="text-sm text-base-content/70">{description}</p>}
          </div>
          {action}
        </div>
        {children}
      </div>
    </section>
  );
}
