// The win screen (#won-dialog): beside the time that render.js writes, the layout (or the
// daily deal) that was won and the facts the server decided (the game answer's `win`,
// game/win_screen.py): whether the win is ranked and why not, a new personal best, the
// place on a daily deal and the daily streak. A visitor's best also counts the wins of
// earlier visits from this browser (gallery.js keeps them), which the server no longer
// knows. And a celebration: tile-coloured flakes in three bursts over some three seconds,
// unless the player turned it off (remembered) or asks for reduced motion.
//
// The words are the template's own (<template id="won-words"> in
// templates/game/_play_dialogs.html), one element per fact, with {placeholders}.

import { clockTime, nextUtcMidnight } from "./clock-time.js";
import { formatElapsed } from "./clock.js";
import { fill } from "./render.js";
import { read, readObject, write } from "./storage.js";

const CELEBRATE_KEY = "mahjong.celebrate";
const LAYOUT_WINS_KEY = "mahjong.layoutWins"; // gallery.js's record of a visitor's bests

const COLOURS = ["#b0231b", "#17703a", "#1b4b9c", "#d9a400", "#9b2c7a", "#fbf7ea"];

export function setupWin({ board, dialog, facts, words, burst, layout, toggle, visitor }) {
  if (!board || !dialog || !facts || !words) return;
  const reduced = window.matchMedia("(prefers-reduced-motion: reduce)");
  // This browser's best on the game's layout before it was won (a visitor's only).
  let browserBest = null;
  if (toggle) {
    toggle.checked = read(CELEBRATE_KEY) !== "off";
    toggle.addEventListener("change", () => write(CELEBRATE_KEY, toggle.checked ? null : "off"));
  }
  const word = (key) => words.content.querySelector(`[data-word="${key}"]`)?.textContent.trim() ?? "";

  // Today's daily deal: its code, share and replay come once the day is over, at 00:00
  // UTC. The page's sentence adds the reader's own time of that moment, as the daily page
  // does, unless the reader's zone is UTC; the server's sentence names UTC alone.
  function codeLater(serverSentence) {
    const change = nextUtcMidnight();
    const local = word("code-later-local");
    if (!local || change.getTimezoneOffset() === 0) return serverSentence;
    return fill(local, { time: clockTime(change, document.documentElement.lang) });
  }

  function line(text, className = "") {
    const item = document.createElement("li");
    if (className) item.className = className;
    item.textContent = text;
    return item;
  }

  // The server's best on the layout before this win, made the better of it and this
  // browser's for a visitor; null when there is none.
  function bestBefore(win) {
    const server = win.best ? win.best.previous_ms : null;
    if (!visitor || typeof browserBest !== "number") return server;
    return typeof server === "number" ? Math.min(server, browserBest) : browserBest;
  }

  // Why a win is not ranked, in words; a hint's reason says "hints" after more than one.
  function reasons(win, game) {
    return win.not_ranked
      .map((code) => word(code === "hints" && game.hints_used > 1 ? "why-hints-many" : `why-${code}`))
      .filter(Boolean);
  }

  function show(game) {
    const win = game && game.state === "won" ? game.win : null;
    if (layout) layout.textContent = game ? (game.daily ? game.daily.label : game.layout.name) : "";
    if (!win) {
      facts.replaceChildren();
      return;
    }
    const items = [];
    if (win.visitor) {
      // Signed out: what signing up or in now does with it (the server names the case). A
      // held win is its own state here too, never "not ranked".
      const why = reasons(win, game);
      if (win.held) {
        items.push(line(word("held"), "feel-win__held"));
        if (why.length) items.push(line(why.join(" ")));
      } else if (!win.ranked) {
        items.push(line([word("not-ranked"), ...why].join(" "), "feel-win__unranked"));
      }
      items.push(line(word(`visitor-${win.visitor}`), win.ranked ? "feel-win__ranked" : ""));
    } else if (win.ranked) {
      items.push(line(word("ranked"), "feel-win__ranked"));
    } else if (win.held) {
      // Neither ranked nor unranked: its own state, in the words every page uses; then why.
      items.push(line(word("held"), "feel-win__held"));
      const why = reasons(win, game);
      if (why.length) items.push(line(why.join(" ")));
    } else {
      const why = reasons(win, game);
      items.push(line([word("not-ranked"), ...why].join(" "), "feel-win__unranked"));
    }
    if (win.best) {
      const before = bestBefore(win);
      const elapsed = win.elapsed_ms ?? game.elapsed_ms;
      if (before === null) {
        items.push(line(word("best-first"), "feel-win__best"));
      } else if (elapsed < before) {
        items.push(line(fill(word("best-new"), { time: formatElapsed(before) }), "feel-win__best"));
      } else {
        items.push(line(fill(word("best-kept"), { time: formatElapsed(before) })));
      }
    }
    if (win.daily) {
      const key = win.daily.counted ? "daily" : "daily-visitor";
      items.push(line(fill(word(key), { rank: win.daily.rank, count: win.daily.of }), "feel-win__daily"));
      // The player's daily streak, this win included: the server's sentence (its plural).
      if (win.daily.streak_text) items.push(line(win.daily.streak_text, "feel-win__daily"));
    }
    if (win.code_later) items.push(line(codeLater(win.code_later)));
    facts.replaceChildren(...items);
  }

  // Three bursts of flakes, each wider than the last, that fall as they fade.
  function celebrate() {
    if (!burst || reduced.matches || document.visibilityState !== "visible") return;
    if (toggle && !toggle.checked) return;
    burst.replaceChildren();
    const FLAKES = 36;
    for (let wave = 0; wave < 3; wave += 1) {
      for (let i = 0; i < FLAKES; i += 1) {
        const flake = document.createElement("span");
        flake.className = "feel-win__flake";
        flake.style.background = COLOURS[(i + wave) % COLOURS.length];
        burst.append(flake);
        const angle = (i / FLAKES) * 2 * Math.PI + Math.random() * 0.3;
        const reach = (110 + Math.random() * 110) * (1 + wave * 0.35);
        const x = Math.cos(angle) * reach;
        const y = Math.sin(angle) * reach * 0.7 - 30;
        const animation = flake.animate(
          [
            { transform: "translate(0, 0) rotate(0deg) scale(0.6)", opacity: 1 },
            { transform: `translate(${x}px, ${y}px) rotate(${200 + i * 25}deg) scale(1)`, opacity: 1, offset: 0.6 },
            { transform: `translate(${x * 1.1}px, ${y + 160}px) rotate(${360 + i * 25}deg) scale(0.9)`, opacity: 0 },
          ],
          { duration: 1800, delay: wave * 550 + Math.random() * 150, easing: "cubic-bezier(.2, .7, .3, 1)" },
        );
        animation.addEventListener("finish", () => flake.remove());
      }
    }
  }

  board.addEventListener("board:won", (event) => {
    show(event.detail.game);
    celebrate();
  });
  board.addEventListener("board:game", (event) => {
    const { game } = event.detail;
    // Read before the win: gallery.js counts the win itself once it is won.
    if (visitor && game && game.state !== "won") {
      const record = readObject(LAYOUT_WINS_KEY)[game.layout.id];
      browserBest = typeof record?.bestMs === "number" ? record.bestMs : null;
    }
    show(game);
  });
}
