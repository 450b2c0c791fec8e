/**
 * Keeps the app's files in the browser (public/sw.js) so the check-in screen opens after a reload
 * without a connection. Registered by that screen only, in a build (the dev server's files are not
 * the build's). The files this visit loaded before the worker took charge are named to it, so the
 * very first visit is kept too, with `more`: files the screen may need later (the camera's
 * decoder), fetched now while there is a network.
 */
export function keepAppForOffline(more: () => Promise<string[]> = async () => []) {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker
    .register('/sw.js')
    .then(() => navigator.serviceWorker.ready)
    .then(async (registration) => {
      const extra = await more().catch(() => []);
      const loaded = performance.getEntriesByType('resource').map((entry) => entry.name);
      registration.active?.postMessage({ keep: [...loaded, ...extra] });
    })
    .catch(() => undefined); // no worker (private mode, an old browser): the screen works online as before
}
