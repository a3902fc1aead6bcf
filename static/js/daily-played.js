// Which daily deals this browser played, and the best time of a win on each, for the daily
// page of a visitor who is not signed in (static/js/daily-page.js): localStorage
// "mahjong.dailyPlayed" = {"2026-12-05": {"L00": ms of the best win, or null}}. A signed-in
// player's marks come from the server. Only the last days the daily page lists are kept.

import { readObject, writeObject } from "./storage.js";

export const DAILY_PLAYED_KEY = "mahjong.dailyPlayed";
const KEEP_DAYS = 15;

function remember(game, wonMs) {
  if (!game || !game.daily) return;
  const played = readObject(DAILY_PLAYED_KEY);
  const day = (played[game.daily.day] ||= {});
  const best = day[game.layout.id];
  if (typeof wonMs === "number") {
    day[game.layout.id] = typeof best === "number" ? Math.min(best, wonMs) : wonMs;
  } else if (!(game.layout.id in day)) {
    day[game.layout.id] = null;
  }
  for (const old of Object.keys(played).sort().slice(0, -KEEP_DAYS)) delete played[old];
  writeObject(DAILY_PLAYED_KEY, played);
}

const board = document.getElementById("board");
if (board) {
  // The page's title names the daily deal too ("Daily deal · Turtle · 5 December 2026 –
  // Mahjong Solitaire"), as the bar's status does when it starts.
  const pageTitle = document.title;
  const siteName = pageTitle.split(" – ").pop();
  board.addEventListener("board:game", (event) => {
    const { game } = event.detail;
    remember(game, null);
    document.title = game.daily ? `${game.daily.label} – ${siteName}` : pageTitle;
  });
  board.addEventListener("board:won", (event) => {
    const { game } = event.detail;
    remember(game, game.elapsed_ms);
  });
}
