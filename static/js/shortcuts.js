// Keyboard shortcuts of the board: H hint, U and Ctrl+Z undo, Shift+U, Ctrl+Y and
// Ctrl+Shift+Z redo (the button of static/js/bar-tools.js), P pause (or resume), Esc
// pause, N new game, ? the help sheet listing every key. Each one presses the bar's own
// button, so it does exactly what a click does (and nothing when the button is
// disabled). None fires while the player types in a field or while a modal dialog is
// open (Esc is then the dialog's). The arrow keys, Enter and Space on the tiles are
// keyboard.js's. "Skip to the board" is moved to the top of the page: the first stop of
// the Tab key.

function typing(target) {
  if (!(target instanceof Element)) return false;
  return Boolean(target.closest("input, textarea, select, [contenteditable]:not([contenteditable='false'])"));
}

// The letter a key stands for: the character typed when it is a Latin letter, else the
// physical key's (a Greek layout types "η" on the H key).
function letter(event) {
  const key = event.key || "";
  if (/^[a-z]$/i.test(key)) return key.toLowerCase();
  const code = /^Key([A-Z])$/.exec(event.code || "");
  return code ? code[1].toLowerCase() : key;
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

  const actions = {
    h: () => press("hint-button"),
    u: () => press("undo-button"),
    "shift+u": () => press("redo-button"),
    z: () => press("undo-button"), // with Ctrl or ⌘ only (below), and y, shift+z
    y: () => press("redo-button"),
    "shift+z": () => press("redo-button"),
    p: () => press("pause-button"),
    escape: () => {
      const shown = game();
      if (shown && !shown.paused) press("pause-button");
    },
    n: newGame,
    "?": openHelp,
  };

  document.addEventListener("keydown", (event) => {
    if (event.defaultPrevented || event.repeat || event.isComposing) return;
    if (typing(event.target) || document.querySelector("dialog:modal")) return;
    let name = event.key === "Escape" ? "escape" : letter(event);
    const command = event.ctrlKey || event.metaKey;
    if (name === "z" || name === "y") {
      if (!command || event.altKey) return;
      if (event.shiftKey) name = `shift+${name}`;
    } else if (command || event.altKey) {
      return;
    } else if (name === "u" && event.shiftKey) {
      name = "shift+u";
    }
    if (event.key === "?") name = "?";
    const run = actions[name];
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
