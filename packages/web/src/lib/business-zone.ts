import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { defaultTimeZone } from '@event-admin/core/time/zone';
import { createStore } from './store.ts';
import { readStorage, storageKeys, writeStorage } from './storage.ts';

/** The zone this browser last saw (a name Intl knows), else UTC. */
function rememberedZone() {
  const zone = readStorage(storageKeys.businessZone);
  if (!zone) return defaultTimeZone;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return defaultTimeZone;
  }
}

/**
 * The business's time zone (Settings > Global Settings): the zone every date on the screens, every
 * "today" and every default day is read in. Held outside React so that plain functions (a table's
 * cells, lib/format.ts) read it. Until the settings arrive it is the zone this browser last saw
 * (kept in local storage: a screen whose own read lands first, as an event page's may on a new
 * visit, draws its dates in the right zone, not UTC and then again); UTC on the very first visit.
 */
export const businessZone = createStore(rememberedZone());

/** The zone in a component that must render again when it changes (the shell, which redraws the screen). */
export const useBusinessZone = () => useSyncExternalStore(businessZone.subscribe, businessZone.get);

/**
 * Follows the settings query: the zone is set the moment its answer lands in the cache (a read or
 * a save), before any screen renders again. The shell asks for the settings in the same batch as
 * the screen's own reads, so the first dates shown are already in the business's zone.
 */
export function trackBusinessZone(queryClient: QueryClient, settingsKey: QueryKey) {
  const key = JSON.stringify(settingsKey[0]);
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    if (JSON.stringify(event.query.queryKey[0]) !== key) return;
    const zone = (event.query.state.data as { timeZone?: string } | undefined)?.timeZone;
    if (zone && zone !== businessZone.get()) {
      businessZone.set(zone);
      writeStorage(storageKeys.businessZone, zone);
    }
  });
}

/**
 * The zone an event form stores: none (null) while the one chosen is the business's and the event
 * had none of its own, so the event keeps following the business's zone; else the one chosen.
 */
export function eventZoneToStore(chosen: string | undefined, own?: string | null) {
  const zone = chosen || own || businessZone.get();
  return zone === businessZone.get() && !own ? null : zone;
}
