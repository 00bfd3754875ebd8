// The page's service worker: keeps the page's files so that the game plays offline after the
// first visit, and so that a later visit downloads next to nothing. The JS, the wasm and the
// levels and textures are named by their content (web/build.sh writes their names into
// HASHED): a name always means the same bytes, so they are read from the cache first and
// never asked for again. The page itself (and the manifest and icon) goes to the network
// first (a new build is picked up at once; the server answers "not modified" when it is the
// same) and falls back to the copy kept. web/build.sh writes the build's id into CACHE, so
// that a new build starts a new cache and the old one is dropped.
const CACHE = 'tilecaster-__BUILD__';
const HASHED = __HASHED__;

// (The page registers the worker once its files came: they are taken from the browser's
// cache here, not downloaded again.)
self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE)
    .then((cache) => cache.addAll(['./', 'manifest.webmanifest', 'icon.svg', ...HASHED]))
    .then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((n) => n !== CACHE).map((n) => caches.delete(n))))
    .then(() => self.clients.claim()));
});

// The response to `request` from the network, kept in the cache when it is good.
function fetchAndKeep(request) {
  return fetch(request).then((response) => {
    if (response.ok) {
      const copy = response.clone();
      caches.open(CACHE).then((cache) => cache.put(request, copy));
    }
    return response;
  });
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== location.origin) return;
  const name = url.pathname.split('/').pop();
  if (HASHED.includes(name)) {
    event.respondWith(caches.match(request, { ignoreSearch: true })
      .then((kept) => kept || fetchAndKeep(request)));
    return;
  }
  event.respondWith(fetchAndKeep(request).catch(() => caches.match(request, { ignoreSearch: true })
    .then((kept) => kept || caches.match('./'))));
});
