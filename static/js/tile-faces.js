// The tile set: "classic" (pictures, the default) or "digits" (the high-contrast labels).
// A plain script, loaded before the board is drawn: it puts the player's choice on
// <html data-tile-set> at once, so the board never shows the other set first, and
// connects the #tile-set-select on the board. The choice is kept in localStorage
// ("mahjong.tileSet"). static/css/tiles.css draws each set.
(function () {
  "use strict";
  const KEY = "mahjong.tileSet";
  const SETS = ["classic", "digits"];
  const root = document.documentElement;

  function stored() {
    try {
      const value = window.localStorage.getItem(KEY);
      return SETS.includes(value) ? value : null;
    } catch {
      return null; // storage refused (private mode): the default set
    }
  }

  function apply(set) {
    root.dataset.tileSet = set;
  }

  apply(stored() || SETS[0]);

  function connect() {
    const select = document.getElementById("tile-set-select");
    if (!select) return;
    select.value = root.dataset.tileSet;
    select.addEventListener("change", () => {
      const set = SETS.includes(select.value) ? select.value : SETS[0];
      apply(set);
      try {
        window.localStorage.setItem(KEY, set);
      } catch {
        // not remembered, still shown
      }
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", connect);
  else connect();
})();
