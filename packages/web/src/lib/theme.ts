import { useSyncExternalStore } from 'react';
import { readStorage, writeStorage } from './storage.ts';

/**
 * Light, dark or the system's setting (the default). The choice is a fourth local-storage key,
 * beside SPEC's three (profile, auth flag, username). public/theme.js applies the same rule
 * before the first paint, so keep the key and the values in step with it.
 */
export type ThemeChoice = 'light' | 'dark' | 'system';
export type Theme = 'light' | 'dark';

export const themeStorageKey = 'theme';
export const themeChoices: { value: ThemeChoice; label: string }[] = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'system', label: 'System' },
];

const darkQuery = () => window.matchMedia('(prefers-color-scheme: dark)');
const listeners = new Set<() => void>();

function readChoice(): ThemeChoice {
  const stored = readStorage(themeStorageKey);
  return stored === 'light' || stored === 'dark' ? stored : 'system';
}

function resolve(choice: ThemeChoice): Theme {
  if (choice !== 'system') return choice;
  return darkQuery().matches ? 'dark' : 'light';
}

let choice: ThemeChoice = 'system';
let theme: Theme = 'light';

function apply() {
  theme = resolve(choice);
  document.documentElement.dataset.theme = theme;
  for (const listener of listeners) listener();
}

/** Reads the stored choice, applies it, and follows the system's setting while it is chosen. */
export function initTheme() {
  choice = readChoice();
  apply();
  darkQuery().addEventListener('change', () => {
    if (choice === 'system') apply();
  });
  // Another tab changed the choice.
  window.addEventListener('storage', (event) => {
    if (event.key !== themeStorageKey) return;
    choice = readChoice();
    apply();
  });
}

export function setThemeChoice(next: ThemeChoice) {
  choice = next;
  writeStorage(themeStorageKey, next === 'system' ? null : next);
  apply();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The user's choice and the theme it comes to now; re-renders when either changes. */
export function useTheme() {
  const current = useSyncExternalStore(subscribe, () => choice);
  const resolved = useSyncExternalStore(subscribe, () => theme);
  return { choice: current, theme: resolved, setChoice: setThemeChoice };
}

/** Black or white, whichever reads better on a `#RRGGBB` background (WCAG relative luminance). */
export function readableTextOn(hex: string): '#000000' | '#ffffff' {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  // Contrast with black is (L + 0.05) / 0.05, with white 1.05 / (L + 0.05): equal at L = 0.179.
  return luminance > 0.179 ? '#000000' : '#ffffff';
}
