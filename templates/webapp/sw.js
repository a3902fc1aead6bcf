// The site's service worker (served at /sw.js by webapp.views.service_worker).
// Pages: from the network when there is one; offline, the copy kept of that page, or the
// offline page in the page's language (or the language last read). The rules, practice
// and home pages of a language are kept as soon as a page of that language is read.
// Static files: hashed names (production) come from the cache first, other names from
// the network first. The API and the admin always go to the network.
// Every cache is named by VERSION, a hash of this code and the files it keeps: a new
// version installs, takes over at once and deletes the older caches, so nobody keeps
// stale JavaScript or CSS after an update.
"use strict";

const VERSION = {{ version|safe }};
const PRECACHE = {{ precache|safe }};
const PAGES = {{ pages|safe }};
const DEFAULT_LANGUAGE = {{ default_language|safe }};
const STATIC_URL = {{ static_url|safe }};
const NETWORK_ONLY = {{ network_only|safe }};
const STATIC_CACHE = `mahjong-static-${VERSION}`;
const PAGES_CACHE = `mahjong-pages-${VERSION}`;
const LAST_LANGUAGE = "/sw-last-language";
const HASHED_NAME = /\.[0-9a-f]{12}\.[a-z0-9]+$/;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(STATIC_CACHE)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(
        names
          .filter((name) => name.startsWith("mahjong-") && name !== STATIC_CACHE && name !== PAGES_CACHE)
          .map((name) => caches.delete(name)),
      ))
      .then(() => self.clients.claim()),
  );
});

function languageOf(path) {
  const first = path.split("/")[1];
  return Object.prototype.hasOwnProperty.call(PAGES, first) ? first : null;
}

function keptPages() {
  return new Set(Object.values(PAGES).flatMap((urls) => Object.values(urls)));
}

// Keeps a language's offline pages, fetched without cookies: the copy anybody would get,
// with nothing of the player's in it.
async function keepLanguage(language) {
  const cache = await caches.open(PAGES_CACHE);
  await cache.put(LAST_LANGUAGE, new Response(language));
  await Promise.all(Object.values(PAGES[language]).map(async (url) => {
    if (await cache.match(url)) return;
    try {
      const response = await fetch(url, { credentials: "omit", redirect: "error" });
      if (response.ok) await cache.put(url, response);
    } catch (error) {
      // Offline or refused: kept next time.
    }
  }));
}

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "read" && Object.prototype.hasOwnProperty.call(PAGES, data.language)) {
    event.waitUntil(keepLanguage(data.language).then(() => {
      if (event.source) event.source.postMessage({ type: "kept", language: data.language });
    }));
  }
});

async function lastLanguage(cache) {
  const kept = await cache.match(LAST_LANGUAGE);
  const language = kept ? await kept.text() : null;
  return language && PAGES[language] ? language : DEFAULT_LANGUAGE;
}

async function page(request) {
  const url = new URL(request.url);
  const cache = await caches.open(PAGES_CACHE);
  try {
    const response = await fetch(request);
    const personal = /no-store/.test(response.headers.get("Cache-Control") || "");
    if (response.ok && !personal && !response.redirected && keptPages().has(url.pathname)) {
      await cache.put(url.pathname, response.clone());
    }
    return response;
  } catch (error) {
    const kept = await cache.match(url.pathname);
    if (kept) return kept;
    const language = languageOf(url.pathname) || (await lastLanguage(cache));
    const offline = await cache.match(PAGES[language].offline)
      || await cache.match(PAGES[await lastLanguage(cache)].offline);
    return offline || Response.error();
  }
}

async function staticFile(request) {
  const cache = await caches.open(STATIC_CACHE);
  const url = new URL(request.url);
  if (HASHED_NAME.test(url.pathname)) {
    const kept = await cache.match(request);
    if (kept) return kept;
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  }
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(request);
    if (kept) return kept;
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (NETWORK_ONLY.some((prefix) => url.pathname.startsWith(prefix))) return;
  if (url.pathname.startsWith(STATIC_URL)) {
    event.respondWith(staticFile(request));
  } else if (request.mode === "navigate") {
    event.respondWith(page(request));
  }
});
