// The win screen (#won-dialog): beside the time that render.js writes, the facts the
// server decided (the game answer's `win`, game/win_screen.py): whether the win is ranked and
// why not, a new personal best, the place on a daily deal and the daily streak. And a
// small celebration, a burst of tile-coloured flakes for 1.2 s, none under
// prefers-reduced-motion.
//
// The words are the template's own (<template id="won-words"> in
// templates/game/_play_dialogs.html), one element per fact, with {placeholders}.

import { formatElapsed } from "./clock.js";
import { fill } from "./render.js";

const COLOURS = ["#b0231b", "#17703a", "#1b4b9c", "#d9a400", "#9b2c7a", "#fbf7ea"];

export function setupWin({ board, dialog, facts, words, burst }) {
  if (!board || !dialog || !facts || !words) return;
  const reduced = window.matchMedia("(prefers-reduced-motion: reduce)");
  const word = (key) => words.content.querySelector(`[data-word="${key}"]`)?.textContent.trim() ?? "";

  function line(text, className = "") {
    const item = document.createElement("li");
    if (className) item.className = className;
    item.textContent = text;
    return item;
  }

  function show(game) {
    const win = game && game.state === "won" ? game.win : null;
    if (!win) {
      facts.replaceChildren();
      return;
    }
    const items = [];
    if (win.ranked) {
      items.push(line(word("ranked"), "feel-win__ranked"));
    } else {
      const why = win.not_ranked.map((code) => word(`why-${code}`)).filter(Boolean);
      items.push(line([word("not-ranked"), ...why].join(" "), "feel-win__unranked"));
    }
    if (win.best) {
      if (win.best.new && win.best.previous_ms !== null) {
        items.push(line(fill(word("best-new"), { time: formatElapsed(win.best.previous_ms) }), "feel-win__best"));
      } else if (win.best.new) {
        items.push(line(word("best-first"), "feel-win__best"));
      } else {
        items.push(line(fill(word("best-kept"), { time: formatElapsed(win.best.previous_ms) })));
      }
    }
    if (win.daily) {
      const key = win.daily.counted ? "daily" : "daily-visitor";
      items.push(line(fill(word(key), { rank: win.daily.rank, count: win.daily.of }), "feel-win__daily"));
      // The player's daily streak, this win included: the server's sentence (its plural).
      if (win.daily.streak_text) items.push(line(win.daily.streak_text, "feel-win__daily"));
    }
    if (win.code_later) items.push(line(win.code_later)); // today's daily deal: code, share and replay once the day is over
    facts.replaceChildren(...items);
  }

  function celebrate() {
    if (!burst || reduced.matches || document.visibilityState !== "visible") return;
    burst.replaceChildren();
    for (let i = 0; i < 28; i += 1) {
      const flake = document.createElement("span");
      flake.className = "feel-win__flake";
      flake.style.background = COLOURS[i % COLOURS.length];
      burst.append(flake);
      const angle = (i / 28) * 2 * Math.PI + Math.random() * 0.3;
      const reach = 90 + Math.random() * 90;
      const x = Math.cos(angle) * reach;
      const y = Math.sin(angle) * reach * 0.7 - 30;
      const animation = flake.animate(
        [
          { transform: "translate(0, 0) rotate(0deg) scale(0.6)", opacity: 1 },
          { transform: `translate(${x}px, ${y}px) rotate(${200 + i * 25}deg) scale(1)`, opacity: 1, offset: 0.7 },
          { transform: `translate(${x * 1.1}px, ${y + 60}px) rotate(${300 + i * 25}deg) scale(1)`, opacity: 0 },
        ],
        { duration: 1200, delay: Math.random() * 120, easing: "cubic-bezier(.2, .7, .3, 1)" },
      );
      animation.addEventListener("finish", () => flake.remove());
    }
  }

  board.addEventListener("board:won", (event) => {
    show(event.detail.game);
    celebrate();
  });
  board.addEventListener("board:game", (event) => show(event.detail.game));
}
