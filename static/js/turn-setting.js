// "Turn the board on an upright screen": automatic (the default: fit.js turns a wide
// layout a quarter turn where the screen is taller than wide and the tiles get larger) or
// never. Remembered for this browser (localStorage "mahjong.turnBoard"), shown and
// changed by the #turn-board-select of the board's settings.

import { read, write } from "./storage.js";

const KEY = "mahjong.turnBoard";
const CHOICES = ["auto", "never"];

// Nothing stored, something unknown or storage refused (storage.js): the default.
function stored() {
  const value = read(KEY);
  return CHOICES.includes(value) ? value : CHOICES[0];
}

// Connects the page's setting: listener(allows) after each change. Returns whether the
// board may be turned now.
export function watchTurnSetting(listener) {
  const choice = stored();
  const select = document.getElementById("turn-board-select");
  if (select) {
    select.value = choice;
    select.addEventListener("change", () => {
      const chosen = CHOICES.includes(select.value) ? select.value : CHOICES[0];
      write(KEY, chosen);
      listener(chosen !== "never");
    });
  }
  return choice !== "never";
}
