// "This game can no longer be won" and "No more moves": after each removal (and whenever
// a whole game is drawn) the board asks the server, in a request of its own that no tap
// ever waits for, whether the game can still be won. When it cannot, the solver's count
// of moves back to the last winnable position is offered as "Undo N moves":
//   - in the notice below the board (#lost-notice, never over a tile), beside "Undo" and
//     "New game", while the game can still be played on (the notice is advice);
//   - in the "No more moves" dialog (#stuck-dialog), beside its own "Undo" and "New game",
//     once no pair is left.
// The server decides everything (GET|POST /api/games/{id}/winnable, POST
// /api/games/{id}/undo {"to": "winnable"}).
//
// Fair ranked play: the verdict is the solver's knowledge, as a hint is. In a game whose
// win may still be ranked, nothing is asked of the server by itself (it would answer
// nothing anyway: asks_first). "Can it still be won?" then waits beside the notice's
// setting (#verdict-offer), not in the notice: a band that came with every ranked game's
// first pair would move the board. "No more moves" offers the way back; each waits
// behind the question #verdict-confirm: a yes
// makes the game unranked (the server marks it, whatever this page does). In an
// unranked game nothing is asked. "No more moves" itself is a fact of the board and is
// always shown. The notice can be turned off in the settings (remembered in this
// browser, localStorage "mahjong.lostNotice" = "off"); the dialog's undo stays.
//
// Listens to the controller's DOM events (see board.js); the undos go through the
// controller's own request queue, after any tap still in flight.

import { ask } from "./confirm.js";
import { fill } from "./render.js";
import { isLetter, shortcutLetters } from "./shortcuts.js";
import { read, write } from "./storage.js";

const KEY = "mahjong.lostNotice";

// Where storage is refused (storage.js): shown, and the switch works for this page.
const noticeWanted = () => read(KEY) !== "off";
const rememberNotice = (on) => write(KEY, on ? "on" : "off");

function button(label, { primary = false, id = null } = {}) {
  const element = document.createElement("button");
  element.type = "button";
  element.className = primary ? "play-button play-button--primary" : "play-button";
  if (id) element.id = id;
  element.textContent = label;
  return element;
}

// Whether the solver's knowledge would cost this game its ranking (the server's may_rank
// from the whole game, and nothing taken since: a hint's pair or a verdict).
export function costsRanking(game) {
  return Boolean(
    game && game.may_rank === true && !game.advised && !game.hints_used && game.state !== "won",
  );
}

export function setupWinnable({ board, notice, api, t }) {
  if (!board || !notice) return;
  const stuck = document.getElementById("stuck-dialog");
  const stuckUndo = document.getElementById("stuck-undo-winnable");
  const stuckBack = document.getElementById("stuck-back-text"); // the line naming that button
  const question = document.getElementById("verdict-confirm");
  const toggle = document.getElementById("lost-notice-toggle");
  const status = document.getElementById("board-status");
  const offerSlot = document.getElementById("verdict-offer");
  const strings = notice.dataset; // the notice's own words (templates/game/_play_dialogs.html)
  let asked = 0; // the latest check sent; the answers of older ones are dropped
  let wanted = noticeWanted();
  const hintKey = shortcutLetters(document.getElementById("help-sheet")).hint;

  const shown = () => (board.controller ? board.controller.game : null);
  const undoLabel = (count) => fill(count === 1 ? t.undoMovesOne : t.undoMovesOther, { count });

  // The page now holds the solver's knowledge: the game is unranked (as the server
  // recorded), so nothing more is asked, neither here nor before a hint.
  function markAdvised(game) {
    if (!game) return;
    game.advised = true;
    game.may_rank = false;
  }

  function hide() {
    notice.replaceChildren();
    offerSlot?.replaceChildren();
    if (stuckUndo) stuckUndo.hidden = true;
    if (stuckBack) stuckBack.hidden = true;
  }

  function closeButton() {
    // Advice only: the player may put it away and play on (until the next removal).
    const close = document.createElement("button");
    close.type = "button";
    close.className = "board-notice__close";
    close.setAttribute("aria-label", strings.close || "Close");
    close.textContent = "×";
    close.addEventListener("click", () => {
      notice.replaceChildren();
      document.querySelector('#board-tiles .tile[tabindex="0"]')?.focus();
    });
    return close;
  }

  function say(words) {
    const text = document.createElement("p");
    text.className = "board-notice__text";
    text.textContent = words;
    notice.replaceChildren(text, closeButton());
  }

  function show(game, count) {
    if (game.state === "stuck" && stuckUndo) {
      // The dialog says "No more moves"; its first button goes back far enough.
      stuckUndo.textContent = undoLabel(count);
      stuckUndo.dataset.count = String(count);
      stuckUndo.hidden = false;
      if (stuckBack) stuckBack.hidden = false;
      return;
    }
    if (!wanted) return;
    const text = document.createElement("p");
    text.className = "board-notice__text";
    text.textContent = t.lost;
    const back = button(undoLabel(count), { primary: true, id: "undo-to-winnable" });
    back.addEventListener("click", () => undoToWinnable(back));
    const buttons = document.createElement("div");
    buttons.className = "board-notice__buttons";
    buttons.append(back);
    if (count > 1) {
      const one = button(strings.undo || "Undo");
      one.addEventListener("click", () => board.controller.action("undo"));
      buttons.append(one);
    }
    const fresh = button(strings.newGame || "New game");
    fresh.addEventListener("click", () => {
      const game = shown();
      if (!game) return;
      // No need to ask: the notice says this game cannot be won.
      if (board.controller.newGame) board.controller.newGame({ layout: game.layout.id }, { confirmed: true });
      else document.getElementById("new-game-form")?.requestSubmit();
    });
    buttons.append(fresh);
    notice.replaceChildren(text, buttons, closeButton());
  }

  // A game that may still be ranked: the notice only offers to ask, and the dialog's way
  // back waits behind the question (its count is not known: the server told nothing).
  function offer(game) {
    if (game.state === "stuck" && stuckUndo) {
      stuckUndo.textContent = strings.findWinnable;
      delete stuckUndo.dataset.count;
      stuckUndo.hidden = false;
      if (stuckBack) stuckBack.hidden = false;
      return;
    }
    if (!offerSlot || !wanted || game.state !== "playing" || game.tiles_left === 144) return;
    const control = button(strings.askVerdict, { id: "ask-winnable" });
    control.addEventListener("click", () => askVerdict(control));
    offerSlot.replaceChildren(control);
  }

  // The question's words for checking, kept to put back after a question about going back.
  const checkWords = question && {
    title: question.querySelector("h2").textContent,
    text: question.querySelector("p").textContent,
    button: question.querySelector('[data-action="ask"]').textContent,
  };

  // The player's yes to "this makes the game unranked", else false. `back`: the question
  // is about going back to the last position that can be won, and its button says so.
  async function agreed(control, back = false) {
    if (!question) return false;
    const words = back
      ? { title: question.dataset.backTitle, text: question.dataset.backText, button: question.dataset.backButton }
      : checkWords;
    question.querySelector("h2").textContent = words.title;
    question.querySelector("p").textContent = words.text;
    question.querySelector('[data-action="ask"]').textContent = words.button;
    const answer = await ask(question);
    if (answer !== "ask") control?.focus();
    return answer === "ask";
  }

  async function askVerdict(control) {
    const game = shown();
    if (!game || !(await agreed(control))) return;
    const ticket = ++asked;
    let answer;
    try {
      answer = await api.send("POST", `/${game.id}/winnable`);
    } catch (error) {
      say(error.message);
      return;
    }
    const now = shown();
    if (!now || now.id !== answer.id) return;
    markAdvised(now);
    offerSlot?.replaceChildren(); // asked: from now on the notice tells by itself
    if (ticket !== asked || now.version !== answer.version) return; // a removal asks again
    if (answer.winnable === false && answer.undo_to_winnable) show(now, answer.undo_to_winnable);
    else say(answer.winnable ? strings.stillWinnable : strings.undecided);
    document.getElementById("undo-to-winnable")?.focus();
  }

  async function check(game) {
    const ticket = ++asked;
    hide();
    if (!game || game.state === "won" || game.paused || game.tiles_left === 144) return;
    if (costsRanking(game)) {
      offer(game);
      return;
    }
    if (!wanted && game.state !== "stuck") return;
    let answer;
    try {
      // Sent at once, not queued behind the board's requests: a tap never waits for it.
      answer = await api.send("GET", `/${game.id}/winnable`);
    } catch (error) {
      return; // advice only: without an answer the board simply shows no notice
    }
    const now = shown();
    if (ticket !== asked || !now || now.id !== answer.id || now.version !== answer.version) return;
    if (answer.asks_first) offer(now);
    else if (answer.winnable === false && answer.undo_to_winnable) show(now, answer.undo_to_winnable);
  }

  async function undoToWinnable(control) {
    control.disabled = true;
    // Through the controller: the board applies the answer and the status line says how
    // many moves were undone and how many tiles are left (or what went wrong). The
    // server marks a game that may still be ranked as advised.
    const answer = await board.controller.action("undo", { to: "winnable" });
    control.disabled = false;
    if (!answer) return;
    markAdvised(shown());
    hide();
    // The button is gone: keep the keyboard near, on the bar's own Undo.
    document.getElementById("undo-button")?.focus();
  }

  if (stuckUndo) {
    stuckUndo.addEventListener("click", async () => {
      if (stuck?.open) stuck.close();
      if (costsRanking(shown()) && !(await agreed(document.getElementById("undo-button"), true))) {
        return;
      }
      undoToWinnable(stuckUndo);
    });
  }

  if (toggle) {
    toggle.checked = wanted;
    toggle.closest("[hidden]")?.removeAttribute("hidden"); // nothing to turn off without JavaScript
    toggle.addEventListener("change", () => {
      wanted = toggle.checked;
      rememberNotice(wanted);
      check(shown());
    });
  }

  // H with no pair on the board: the Hint button is off, and a key that does nothing
  // would leave the player guessing. Say so; nothing is asked or sent.
  document.addEventListener("keydown", (event) => {
    // (shortcuts.js has already claimed the key, to press the Hint button, which is off.)
    if (event.repeat || event.ctrlKey || event.metaKey || event.altKey) return;
    if (!isLetter(event, hintKey) || document.querySelector("dialog:modal")) return;
    if (event.target instanceof Element && event.target.closest("input, textarea, select")) return;
    const game = shown();
    if (!game || game.state !== "stuck" || game.paused) return;
    if (status) status.textContent = strings.noPair;
  });

  board.addEventListener("board:applied", (event) => {
    const { game, answer } = event.detail;
    if (answer.advised) markAdvised(game);
    // "stuck" is a removal too: the one that left no pair. A redo removes, a restart
    // puts back (bar-tools.js).
    if (["removed", "undone", "redone", "restarted", "stuck"].includes(answer.event)) check(game);
    else if (answer.event === "hint" && answer.winnable === false) check(game);
    else if (answer.event === "won") hide();
  });
  board.addEventListener("board:game", (event) => check(event.detail.game));
}
