// Runs in <head> before the first paint, so the page never flashes the wrong theme. The same rule
// as src/lib/theme.ts: the stored choice ("light" or "dark"), else the system's setting. A file,
// not an inline script, because the CSP allows scripts from the app's own origin only.
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
