/**
 * login.html paints the sign-in screen with its own inline styles and only prefetches the app's
 * stylesheet (public/after-first-paint.js): applying it there would restyle a screen that needs
 * none of it, on the main thread, just as the page becomes usable. Every other screen waits here
 * (the root route's beforeLoad) until the stylesheet is applied, so none is drawn unstyled. A page
 * that came with the stylesheet (index.html) has it already.
 */
let ready: Promise<void> | undefined;

export function appStylesReady(): Promise<void> {
  if (ready) return ready;
  const href = document.querySelector<HTMLScriptElement>('script[data-stylesheet]')?.dataset.stylesheet;
  if (!href) return (ready = Promise.resolve());
  ready = new Promise<void>((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.crossOrigin = '';
    link.href = href;
    // A stylesheet that fails to load still lets the app go on (unstyled beats stuck).
    link.onload = link.onerror = () => resolve();
    document.head.appendChild(link);
  });
  return ready;
}
