// The bar's settings on a phone: a panel that the settings button opens and closes (a
// disclosure: aria-expanded on the button, aria-controls names the panel). On larger
// screens board.css shows the settings in the bar and hides the button; nothing here
// changes anything there. Esc closes the panel and gives the focus back to the button
// (and pauses nothing: shortcuts.js skips a key already handled); so do a tap outside it
// and the focus leaving it. A control of the panel that opens a dialog (the help sheet)
// closes it first, and the focus comes back to the button when the dialog closes.

export function setupBoardMenu({ button, panel }) {
  if (!button || !panel) return;
  const isOpen = () => button.getAttribute("aria-expanded") === "true";
  // Whether the button is shown at all (a phone's bar): display none has no box.
  const inUse = () => button.getClientRects().length > 0;

  function open() {
    button.setAttribute("aria-expanded", "true");
    panel.classList.add("is-open");
    const first = panel.querySelector("select, button:not([hidden]), input");
    if (first) first.focus();
  }

  function close({ focusButton = true } = {}) {
    if (!isOpen()) return;
    button.setAttribute("aria-expanded", "false");
    panel.classList.remove("is-open");
    if (focusButton && inUse()) button.focus();
  }

  button.addEventListener("click", () => (isOpen() ? close() : open()));

  document.addEventListener(
    "keydown",
    (event) => {
      if (event.key !== "Escape" || !isOpen() || event.defaultPrevented) return;
      if (document.querySelector("dialog:modal")) return;
      event.preventDefault();
      close();
    },
    true,
  );

  document.addEventListener("pointerdown", (event) => {
    if (!isOpen()) return;
    if (panel.contains(event.target) || button.contains(event.target)) return;
    close({ focusButton: false });
  });

  panel.addEventListener("focusout", (event) => {
    const next = event.relatedTarget;
    if (!isOpen() || !next) return;
    if (panel.contains(next) || next === button) return;
    close({ focusButton: false });
  });

  // A control that opens a modal dialog: the panel closes under it; once the dialog
  // closes, the focus comes back to the settings button (the control is out of sight).
  panel.addEventListener("click", (event) => {
    if (!inUse() || !event.target.closest("[aria-haspopup='dialog']")) return;
    close({ focusButton: false });
    const dialog = document.querySelector("dialog[open]");
    if (dialog) {
      dialog.addEventListener("close", () => inUse() && button.focus(), { once: true });
    }
  });

  // A phone turned into a desktop-sized window: the panel's state no longer shows.
  window.addEventListener("resize", () => {
    if (!inUse()) close({ focusButton: false });
  });
}
