// Which key is a page's shortcut letter (static/js/shortcuts.js): the character typed
// when it is of the letter's script, else the physical key the letter sits on, so a
// Greek page's letters work on a Latin layout and a Latin page's on a Greek one. No DOM.
import assert from "node:assert/strict";
import { test } from "node:test";

import { isLetter, shortcutLetters } from "../../static/js/shortcuts.js";

const press = (key, code) => ({ key, code });

test("a Latin letter is the character typed, on any Latin layout", () => {
  assert.equal(isLetter(press("t", "KeyT"), "t"), true);
  assert.equal(isLetter(press("T", "KeyT"), "t"), true); // with Shift
  // A German layout types z on the key where English types y: the letter counts.
  assert.equal(isLetter(press("z", "KeyY"), "z"), true);
  assert.equal(isLetter(press("y", "KeyZ"), "z"), false);
});

test("a Latin page's letter on a Greek layout is its physical key", () => {
  assert.equal(isLetter(press("η", "KeyH"), "h"), true);
  assert.equal(isLetter(press("θ", "KeyU"), "u"), true);
  assert.equal(isLetter(press("η", "KeyH"), "u"), false);
});

test("a Greek page's letter: typed on a Greek layout, or its key on a Latin one", () => {
  assert.equal(isLetter(press("υ", "KeyY"), "υ"), true);
  assert.equal(isLetter(press("Υ", "KeyY"), "υ"), true);
  assert.equal(isLetter(press("y", "KeyY"), "υ"), true);
  assert.equal(isLetter(press("π", "KeyP"), "π"), true);
  assert.equal(isLetter(press("p", "KeyP"), "υ"), false);
  assert.equal(isLetter(press("α", "KeyA"), "υ"), false);
});

test("a Swedish page's Å: typed on a Swedish layout, or the key on a US one", () => {
  assert.equal(isLetter(press("å", "BracketLeft"), "å"), true);
  assert.equal(isLetter(press("Å", "BracketLeft"), "å"), true); // Shift+Å: redo
  assert.equal(isLetter(press("[", "BracketLeft"), "å"), true);
  // A German layout's Ü sits there: a letter of its own, not the page's.
  assert.equal(isLetter(press("ü", "BracketLeft"), "å"), false);
  assert.equal(isLetter(press("Enter", "Enter"), "å"), false);
});

test("the letters come from the help sheet, in lower case, English where none is given", () => {
  const help = { dataset: { keyHint: "Υ", keyUndo: "Α", keyPause: "Π", keyNewGame: "Ν" } };
  assert.deepEqual(shortcutLetters(help), { hint: "υ", undo: "α", pause: "π", newGame: "ν" });
  assert.deepEqual(shortcutLetters(null), { hint: "h", undo: "u", pause: "p", newGame: "n" });
});
