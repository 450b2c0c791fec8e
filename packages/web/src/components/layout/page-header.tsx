import type { ReactNode } from 'react';
import { SearchIcon } from '../ui/icons.tsx';

/** Every list page: a header (title, description, actions), then a toolbar, then the table. */
export function PageHeader({ title, description, actions }: { title: string; description?: string; actions?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h2 className="text-2xl font-bold">{title}</h2>
        {description && <p className="text-base-content/70">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}

export function Toolbar({ children }: { children: ReactNode }) {
  return <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center">{children}</div>;
}

/** The toolbar's search box: labelled for screen readers and tests. */
export function SearchInput({
  label,
  value,
  onChange,
  placeholder,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
}) {
  return (
    <label className="input input-bordered flex w-full items-center gap-2 sm:max-w-sm">
      <SearchIcon />
      <span className="sr-only">{label}</span>
      <input type="search" className="grow" placeholder={placeholder ?? label} value={value} onChange={(e) => onChange(e.target.value)} />
    </label>
  );
}
