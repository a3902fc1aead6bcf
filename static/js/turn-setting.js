// "Turn the board on an upright screen": automatic (the default: fit.js turns a wide
// layout a quarter turn where the screen is taller than wide and the tiles get larger) or
// never. Remembered for this browser (localStorage "mahjong.turnBoard"), shown and
// changed by the #turn-board-select of the board's settings.

const KEY = "mahjong.turnBoard";
const CHOICES = ["auto", "never"];

function stored() {
  try {
    const value = window.localStorage.getItem(KEY);
    return CHOICES.includes(value) ? value : CHOICES[0];
  } catch {
    return CHOICES[0]; // storage refused: the default
  }
}

function store(choice) {
  try {
    window.localStorage.setItem(KEY, choice);
  } catch {
    /* not remembered, still used on this page */
  }
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
      store(chosen);
      listener(chosen !== "never");
    });
  }
  return choice !== "never";
}
