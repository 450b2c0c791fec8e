import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem<T extends string> {
  id: T;
  label: string;
  content: ReactNode;
}

/**
 * The one tab component: WAI-ARIA tabs (https://www.w3.org/WAI/ARIA/apg/patterns/tabs/), a
 * labelled tablist with one tab in the tab order; Left, Right, Home and End move between tabs and
 * select them. Hidden panels stay mounted, so what was typed in one tab is still there after a look
 * at another. `frame` wraps the panels (e.g. in a card) without splitting the component.
 */
export function Tabs<T extends string>({
  label,
  tabs,
  value,
  onChange,
  className = '',
  frame = (panels) => panels,
}: {
  label: string;
  tabs: readonly TabItem<T>[];
  value: T;
  onChange: (value: T) => void;
  className?: string;
  frame?: (panels: ReactNode) => ReactNode;
}) {
  const baseId = useId();
  const refs = useRef(new Map<T, HTMLButtonElement>());
  const selected = tabs.find((t) => t.id === value) ?? tabs[0]!;

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((t) => t.id === selected.id);
    const next =
      event.key === 'ArrowRight' ? (index + 1) % tabs.length
      : event.key === 'ArrowLeft' ? (index - 1 + tabs.length) % tabs.length
      : event.key === 'Home' ? 0
      : event.key === 'End' ? tabs.length - 1
      : null;
    if (next === null) return;
    event.preventDefault();
    const tab = tabs[next]!;
    onChange(tab.id);
    refs.current.get(tab.id)?.focus();
  }

  return (
    <div className={className}>
      <div
        role="tablist"
        aria-label={label}
        className="tabs tabs-box mb-4 w-full flex-nowrap overflow-x-auto sm:w-fit"
        onKeyDown={onKeyDown}
      >
        {tabs.map((tab) => {
          const isSelected = tab.id === selected.id;
          return (
            <button
              key={tab.id}
              ref={(el) => {
                if (el) refs.current.set(tab.id, el);
                else refs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab.id}`}
              aria-selected={isSelected}
              aria-controls={`${baseId}-panel-${tab.id}`}
              tabIndex={isSelected ? 0 : -1}
              className={`tab whitespace-nowrap ${isSelected ? 'tab-active' : ''}`}
              onClick={() => onChange(tab.id)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {frame(
        tabs.map((tab) => (
          <div
            key={tab.id}
            role="tabpanel"
            id={`${baseId}-panel-${tab.id}`}
            aria-labelledby={`${baseId}-tab-${tab.id}`}
            hidden={tab.id !== selected.id}
          >
            {tab.content}
          </div>
        )),
      )}
    </div>
  );
}
