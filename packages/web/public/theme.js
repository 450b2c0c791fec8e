// Runs in <head> before the first paint, so the page never flashes the wrong theme. The same rule
// as src/lib/theme.ts: the stored choice ("light" or "dark"), else the system's setting. A file
// for index.html; login.html carries it inline (vite-prerender.ts), allowed by its hash in the CSP.
(function () {
  var theme;
  try {
    theme = window.localStorage.getItem('theme');
  } catch {
    // storage unreadable (privacy mode): follow the system
    theme = null;
  }
  if (theme !== 'light' && theme !== 'dark') {
    theme = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  document.documentElement.setAttribute('data-theme', theme);
})();
