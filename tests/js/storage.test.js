// The browser's storage behind static/js/storage.js: what a page reads and writes when
// storage works, and that nothing throws where the browser refuses it (storage off or
// cookies blocked: even naming window.localStorage throws; private mode or a full quota:
// every write throws).
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";

import { read, readObject, write, writeObject } from "../../static/js/storage.js";

// A working localStorage, as the browser's.
function memory() {
  const items = new Map();
  return {
    getItem: (key) => (items.has(key) ? items.get(key) : null),
    setItem: (key, value) => items.set(key, String(value)),
    removeItem: (key) => items.delete(key),
  };
}

const refused = () => {
  throw new DOMException("The operation is insecure.", "SecurityError");
};

beforeEach(() => {
  globalThis.window = { localStorage: memory() };
});

test("a value written is read back, and writing null forgets it", () => {
  write("mahjong.sound", "off");
  assert.equal(read("mahjong.sound"), "off");
  write("mahjong.sound", null);
  assert.equal(read("mahjong.sound"), null);
});

test("an object is read back; anything else stored is the fallback", () => {
  writeObject("mahjong.layoutWins", { L00: { bestMs: 120000 } });
  assert.deepEqual(readObject("mahjong.layoutWins"), { L00: { bestMs: 120000 } });
  for (const stored of ["not json", "[1, 2]", "null", "7"]) {
    write("mahjong.layoutWins", stored);
    assert.deepEqual(readObject("mahjong.layoutWins", { none: true }), { none: true }, stored);
  }
});

test("where storage is off, reading finds nothing and writing is let go", () => {
  globalThis.window = Object.defineProperty({}, "localStorage", { get: refused });
  assert.equal(read("mahjong.theme"), null);
  assert.deepEqual(readObject("mahjong.dailyPlayed"), {});
  assert.doesNotThrow(() => write("mahjong.theme", "dark"));
  assert.doesNotThrow(() => write("mahjong.theme", null));
  assert.doesNotThrow(() => writeObject("mahjong.dailyPlayed", { "2026-12-05": {} }));
});

test("where every write is refused (private mode, full), what was there is still read", () => {
  const store = memory();
  store.setItem("mahjong.sound", "off");
  const full = () => {
    throw new DOMException("Quota exceeded.", "QuotaExceededError");
  };
  globalThis.window = { localStorage: { ...store, setItem: full, removeItem: full } };
  assert.doesNotThrow(() => write("mahjong.sound", "on"));
  assert.doesNotThrow(() => write("mahjong.sound", null));
  assert.equal(read("mahjong.sound"), "off");
});
