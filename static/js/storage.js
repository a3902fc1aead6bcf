// The browser's own memory of the player's choices and marks (localStorage), for every
// module: reading never throws (storage off, private mode, a value written by an older
// page), and a write that fails is let go, since the page works on without it.

export function read(key) {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function write(key, value) {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    /* storage off or full: the choice lasts until the page is left */
  }
}

// A stored object, or `fallback` when there is none or it is not an object.
export function readObject(key, fallback = {}) {
  try {
    const value = JSON.parse(read(key) || "null");
    return value && typeof value === "object" && !Array.isArray(value) ? value : fallback;
  } catch {
    return fallback;
  }
}

export function writeObject(key, value) {
  write(key, JSON.stringify(value));
}
