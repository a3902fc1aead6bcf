// The board's looks, as the player chose them in the board's settings: the tile set and
// the table the tiles lie on. A plain script, loaded before the board is drawn: it puts
// each choice on <html> at once (data-tile-set, data-table), so the board never shows
// another look first, and connects the two selects of the board's settings. Each choice
// is kept in localStorage; static/css/tiles.css draws every set and table.
//   - tile sets: classic (the pictures, the default), digits (high-contrast labels),
//     large (large print: one big sign and one big mark a face, for small screens),
//     ivory (the pictures in old inks on warm bone faces);
//   - tables: felt (green, the default), slate (dark), stone (light).
(function () {
  "use strict";
  const CHOICES = [
    {
      key: "mahjong.tileSet",
      attribute: "tileSet",
      select: "tile-set-select",
      values: ["classic", "digits", "large", "ivory"],
    },
    {
      key: "mahjong.table",
      attribute: "table",
      select: "table-select",
      values: ["felt", "slate", "stone"],
    },
  ];
  const root = document.documentElement;

  function stored(choice) {
    try {
      const value = window.localStorage.getItem(choice.key);
      return choice.values.includes(value) ? value : null;
    } catch {
      return null; // storage refused (private mode): the default
    }
  }

  for (const choice of CHOICES) root.dataset[choice.attribute] = stored(choice) || choice.values[0];

  function connect(choice) {
    const select = document.getElementById(choice.select);
    if (!select) return;
    select.value = root.dataset[choice.attribute];
    select.addEventListener("change", () => {
      const value = choice.values.includes(select.value) ? select.value : choice.values[0];
      root.dataset[choice.attribute] = value;
      try {
        window.localStorage.setItem(choice.key, value);
      } catch {
        // not remembered, still shown
      }
    });
  }

  const connectAll = () => CHOICES.forEach(connect);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", connectAll);
  else connectAll();
})();
