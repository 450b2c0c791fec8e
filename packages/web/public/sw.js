// The app's files kept for the door (issue 31): the check-in screen registers this worker
// (src/lib/offline-app.ts) so that a reload without a connection still opens it. Online nothing
// changes: a page is always asked of the server first (a new release shows at once), and the API
// (/api, /trpc) never passes through here. Without a connection, a page is the last index.html
// kept and the built files (/assets/, named by their content, so never stale) come from the cache.
var cacheName = 'app-files-v1';
var shell = '/index.html';

self.addEventListener('install', function (event) {
  event.waitUntil(
    caches
      .open(cacheName)
      .then(function (cache) {
        return cache.add(new Request(shell, { cache: 'no-cache' }));
      })
      .then(function () {
        return self.skipWaiting();
      }),
  );
});

self.addEventListener('activate', function (event) {
  event.waitUntil(
    caches
      .keys()
      .then(function (names) {
        return Promise.all(
          names
            .filter(function (name) {
              return name !== cacheName;
            })
            .map(function (name) {
              return caches.delete(name);
            }),
        );
      })
      .then(function () {
        return self.clients.claim();
      }),
  );
});

function isAsset(url) {
  return url.origin === self.location.origin && url.pathname.indexOf('/assets/') === 0;
}

// The page names the files it loaded before this worker was in charge (its first visit).
self.addEventListener('message', function (event) {
  var urls = (event.data && event.data.keep) || [];
  var wanted = urls.filter(function (href) {
    return isAsset(new URL(href));
  });
  event.waitUntil(
    caches.open(cacheName).then(function (cache) {
      return Promise.all(
        wanted.map(function (href) {
          return cache.match(href).then(function (hit) {
            return hit || cache.add(href).catch(function () {});
          });
        }),
      );
    }),
  );
});

// A page: the server's answer (index.html kept for later; /login is its own prerendered page),
// else the kept index.html, whose app draws the screen the address names.
function page(request) {
  return fetch(request).then(
    function (response) {
      var url = new URL(request.url);
      var html = (response.headers.get('content-type') || '').indexOf('text/html') === 0;
      if (response.ok && html && url.pathname !== '/login') {
        var copy = response.clone();
        caches.open(cacheName).then(function (cache) {
          return cache.put(shell, copy);
        });
      }
      return response;
    },
    function (error) {
      return caches.match(shell).then(function (kept) {
        if (kept) return kept;
        throw error;
      });
    },
  );
}

// A built file: the kept copy, else the server's (kept for next time).
function asset(request) {
  return caches.open(cacheName).then(function (cache) {
    return cache.match(request).then(function (hit) {
      if (hit) return hit;
      return fetch(request).then(function (response) {
        if (response.ok && response.type === 'basic') cache.put(request, response.clone());
        return response;
      });
    });
  });
}

self.addEventListener('fetch', function (event) {
  var request = event.request;
  if (request.method !== 'GET') return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') event.respondWith(page(request));
  else if (isAsset(url)) event.respondWith(asset(request));
});
