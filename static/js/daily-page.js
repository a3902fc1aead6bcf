// The daily page's marks for a visitor who is not signed in: which of the day's deals this
// browser played and the best time of a win on each (static/js/daily-played.js keeps
// them). A signed-in player's marks came with the page from the server.

import { formatElapsed } from "./clock.js";
import { DAILY_PLAYED_KEY } from "./daily-played.js";
import { readObject } from "./storage.js";

const list = document.querySelector(".daily-deals[data-visitor]");
if (list) {
  const day = readObject(DAILY_PLAYED_KEY)[list.dataset.day] || {};
  for (const [layoutId, wonMs] of Object.entries(day)) {
    const mark = document.getElementById(`daily-mark-${layoutId}`);
    if (!mark) continue;
    mark.textContent =
      typeof wonMs === "number"
        ? list.dataset.won.replace("{time}", formatElapsed(wonMs))
        : list.dataset.played;
    mark.closest(".daily-deal").classList.add("is-played");
  }
}
