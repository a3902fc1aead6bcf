// Installs the service worker (its URL in the script tag's data-worker) and tells it which language is being read, so
// that this language's rules and practice pages open offline; shows the offline notice
// while the browser has no connection.
const notice = document.getElementById("offline-notice");
const script = document.getElementById("site-install");

function showConnection() {
  if (notice) notice.hidden = navigator.onLine;
}

window.addEventListener("online", showConnection);
window.addEventListener("offline", showConnection);
showConnection();

if ("serviceWorker" in navigator && script && script.dataset.worker) {
  const language = document.documentElement.lang;
  navigator.serviceWorker
    .register(script.dataset.worker, { scope: "/", updateViaCache: "none" })
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => {
      if (registration.active) registration.active.postMessage({ type: "read", language });
    })
    .catch(() => {
      // No service worker (private window, old browser): the site works as before.
    });
}
