// The page's service worker: keeps the page's files so that the game plays offline after the
// first visit. Each request goes to the network first (a new build is picked up at once) and
// falls back to the copy kept from the last time it was fetched. web/build.sh writes the
// build's id into CACHE, so that a new build starts a new cache and the old one is dropped.
const CACHE = 'tilecaster-__BUILD__';

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE)
    .then((cache) => cache.addAll(['./', 'tilecaster.js', 'tilecaster_bg.wasm', 'data.bin',
      'manifest.webmanifest', 'icon.svg']))
    .then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((n) => n !== CACHE).map((n) => caches.delete(n))))
    .then(() => self.clients.claim()));
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== location.origin) return;
  event.respondWith(fetch(request).then((response) => {
    if (response.ok) {
      const copy = response.clone();
      caches.open(CACHE).then((cache) => cache.put(request, copy));
    }
    return response;
  }).catch(() => caches.match(request, { ignoreSearch: true })
    .then((kept) => kept || caches.match('./'))));
});
