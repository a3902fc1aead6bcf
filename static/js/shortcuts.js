// Keyboard shortcuts of the board, with the letters the page's language picks (English:
// H hint, U and Ctrl+Z undo, Shift+U, Ctrl+Y and Ctrl+Shift+Z redo, the button of
// static/js/bar-tools.js, P pause or resume, N new game), Esc pause, and ? the help
// sheet listing every key. Each one presses the bar's own button, so it does exactly
// what a click does (and nothing when the button is disabled). None fires while the
// player types in a field or while a modal dialog is open (Esc is then the dialog's).
// The arrow keys, Enter and Space on the tiles are keyboard.js's. "Skip to the board" is
// moved to the top of the page: the first stop of the Tab key.

function typing(target) {
  if (!(target instanceof Element)) return false;
  return Boolean(target.closest("input, textarea, select, [contenteditable]:not([contenteditable='false'])"));
}

// The keys the letters outside A–Z sit on: the Greek keyboard's letters on the Latin
// keys, and the Swedish keyboard's own three. A page's letter is then still found when
// the player's layout is another one (a Greek page on a Latin layout, or a Swedish page
// on a US one, whose Å key types "[").
const KEY_OF = {
  α: "KeyA", β: "KeyB", ψ: "KeyC", δ: "KeyD", ε: "KeyE", φ: "KeyF", γ: "KeyG", η: "KeyH",
  ι: "KeyI", ξ: "KeyJ", κ: "KeyK", λ: "KeyL", μ: "KeyM", ν: "KeyN", ο: "KeyO", π: "KeyP",
  ρ: "KeyR", σ: "KeyS", τ: "KeyT", θ: "KeyU", ω: "KeyV", ς: "KeyW", χ: "KeyX", υ: "KeyY",
  ζ: "KeyZ", å: "BracketLeft", ä: "Quote", ö: "Semicolon",
};

function script(character) {
  if (/^\p{Script=Greek}$/u.test(character)) return "Greek";
  if (/^\p{Script=Latin}$/u.test(character)) return "Latin";
  return "other";
}

// The physical key a page's letter sits on.
function physical(letter) {
  return /^[a-z]$/.test(letter) ? `Key${letter.toUpperCase()}` : KEY_OF[letter];
}

// Whether the key pressed is the page's letter (lower case): the character typed when it
// is of the letter's script (so a German layout's Z is Z), else the physical key the
// letter sits on.
export function isLetter(event, letter) {
  const key = (event.key || "").toLowerCase();
  if (key === letter) return true;
  if (key.length > 1 || script(key) === script(letter)) return false;
  return event.code !== undefined && event.code === physical(letter);
}

// The letters the page's language gives each action (the help sheet's data-key-*),
// lower case; English letters where the sheet names none.
export function shortcutLetters(help) {
  const given = help ? help.dataset : {};
  const pick = (name, fallback) => (given[name] || fallback).toLowerCase();
  return {
    hint: pick("keyHint", "h"),
    undo: pick("keyUndo", "u"),
    pause: pick("keyPause", "p"),
    newGame: pick("keyNewGame", "n"),
  };
}

function press(id) {
  const button = document.getElementById(id);
  if (!button || button.disabled || button.closest("[hidden]")) return false;
  button.click();
  return true;
}

export function setupShortcuts({ board, help, helpButton, skipLink }) {
  const game = () => (board.controller ? board.controller.game : null);

  function openHelp() {
    if (help && !help.open) help.showModal();
  }

  function newGame() {
    if (press("new-game-button")) return; // the New game panel, where there is one
    const form = document.getElementById("new-game-form");
    if (form) form.requestSubmit();
  }

  const keys = shortcutLetters(help);
  const byLetter = [
    [keys.hint, () => press("hint-button")],
    [keys.undo, () => press("undo-button")],
    [keys.pause, () => press("pause-button")],
    [keys.newGame, newGame],
  ];
  const redo = () => press("redo-button");

  // The action of a key with Ctrl or ⌘: undo and redo, as in every editor.
  function commanded(event) {
    if (event.altKey) return null;
    if (isLetter(event, "z")) return event.shiftKey ? redo : () => press("undo-button");
    if (isLetter(event, "y") && !event.shiftKey) return redo;
    return null;
  }

  function plain(event) {
    if (event.key === "?") return openHelp;
    if (event.key === "Escape") {
      return () => {
        const shown = game();
        if (shown && !shown.paused) press("pause-button");
      };
    }
    if (event.altKey) return null;
    if (event.shiftKey) return isLetter(event, keys.undo) ? redo : null;
    const found = byLetter.find(([letter]) => isLetter(event, letter));
    return found ? found[1] : null;
  }

  document.addEventListener("keydown", (event) => {
    if (event.defaultPrevented || event.repeat || event.isComposing) return;
    if (typing(event.target) || document.querySelector("dialog:modal")) return;
    const run = event.ctrlKey || event.metaKey ? commanded(event) : plain(event);
    if (!run) return;
    event.preventDefault();
    run();
  });

  if (helpButton) {
    helpButton.hidden = false;
    helpButton.addEventListener("click", openHelp);
  }

  if (skipLink) {
    document.body.prepend(skipLink);
    skipLink.hidden = false;
    skipLink.addEventListener("click", (event) => {
      // Straight onto the tile the arrow keys start from (the roving tab stop).
      const tile = board.querySelector('.tile[tabindex="0"]');
      if (!tile) return;
      event.preventDefault();
      tile.focus();
    });
  }
}
