import type { KeyboardEvent, ReactNode } from 'react';

export interface TabItem<K extends string> {
  key: K;
  label: string;
}

const tabId = (prefix: string, key: string) => `${prefix}-tab-${key}`;
const panelId = (prefix: string, key: string) => `${prefix}-panel-${key}`;

/**
 * An accessible tab list (WAI-ARIA tabs pattern): one tab in the tab order, arrows, Home and End
 * move between tabs and select them.
 */
export function TabList<K extends string>({
  tabs,
  active,
  onChange,
  label,
  idPrefix,
  className = '',
}: {
  tabs: readonly TabItem<K>[];
  active: K;
  onChange: (key: K) => void;
  label: string;
  idPrefix: string;
  className?: string;
}) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((t) => t.key === active);
    const target =
      event.key === 'ArrowRight' ? (index + 1) % tabs.length
      : event.key === 'ArrowLeft' ? (index - 1 + tabs.length) % tabs.length
      : event.key === 'Home' ? 0
      : event.key === 'End' ? tabs.length - 1
      : -1;
    if (target < 0) return;
    event.preventDefault();
    const key = tabs[target]!.key;
    onChange(key);
    document.getElementById(tabId(idPrefix, key))?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className={`tabs tabs-box flex-nowrap overflow-x-auto ${className}`} onKeyDown={onKeyDown}>
      {tabs.map((tab) => {
        const selected = tab.key === active;
        return (
          <button
            key={tab.key}
            type="button"
            role="tab"
            id={tabId(idPrefix, tab.key)}
            aria-controls={panelId(idPrefix, tab.key)}
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            className={`tab whitespace-nowrap ${selected ? 'tab-active' : ''}`}
            onClick={() => onChange(tab.key)}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}

/** A tab's panel; inactive panels stay mounted (hidden) so unsaved input survives a tab switch. */
export function TabPanel({ idPrefix, tabKey, active, children }: { idPrefix: string; tabKey: string; active: boolean; children: ReactNode }) {
  return (
    <div role="tabpanel" id={panelId(idPrefix, tabKey)} aria-labelledby={tabId(idPrefix, tabKey)} hidden={!active}>
      {children}
    </div>
  );
}
