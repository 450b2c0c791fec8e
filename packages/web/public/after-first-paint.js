// login.html's way of starting the app (packages/web/vite-prerender.ts writes the tag): the
// sign-in screen is already in the page with its styles, so the app's script is fetched only once
// that screen has been painted, instead of competing with it for a slow connection. The app's
// stylesheet is only prefetched: the sign-in screen needs none of it, and applying it would
// restyle the whole page just as it becomes usable; the next screen applies it before it is drawn
// (src/lib/app-styles.ts). The tag names the stylesheet, the entry module and its imports.
(function () {
  var tag = document.currentScript;
  var entry = tag.getAttribute('data-entry');
  var preloads = (tag.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  var stylesheet = tag.getAttribute('data-stylesheet');
  var started = false;
  function start() {
    if (started) return;
    started = true;
    // The whole app's styles, into the cache for the next screen (the page came with its own, inline).
    var style = document.createElement('link');
    style.rel = 'prefetch';
    style.as = 'style';
    style.crossOrigin = '';
    style.href = stylesheet;
    document.head.appendChild(style);
    preloads.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
  }
  // A frame callback runs just before the first paint; the timeout it sets, just after it. A
  // background tab paints no frames: it starts after a second anyway.
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
  setTimeout(start, 1000);
})();
