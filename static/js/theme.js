// Light or dark: the system's setting, unless the player chose on the board. Loaded in
// the page's head, before anything is drawn, so a chosen theme never flashes the other
// one first. The choice: localStorage "mahjong.theme" ("light" or "dark"; absent: follow
// the system), shown as <html data-theme>, which site.css keys on. #theme-toggle (the
// board's settings) switches it; choosing the system's own theme again follows the
// system from then on.
(function () {
  const KEY = "mahjong.theme";
  const root = document.documentElement;
  const system = window.matchMedia ? window.matchMedia("(prefers-color-scheme: dark)") : null;

  function stored() {
    try {
      const value = window.localStorage.getItem(KEY);
      return value === "light" || value === "dark" ? value : null;
    } catch {
      return null; // storage refused: follow the system
    }
  }

  function systemTheme() {
    return system && system.matches ? "dark" : "light";
  }

  function apply(theme) {
    if (theme) root.dataset.theme = theme;
    else delete root.dataset.theme;
  }

  apply(stored());

  function wire() {
    const toggle = document.getElementById("theme-toggle");
    if (!toggle) return;
    const current = () => root.dataset.theme || systemTheme();
    const show = () => toggle.setAttribute("aria-pressed", current() === "dark" ? "true" : "false");
    toggle.hidden = false;
    show();
    toggle.addEventListener("click", () => {
      const next = current() === "dark" ? "light" : "dark";
      const chosen = next === systemTheme() ? null : next;
      apply(chosen);
      try {
        if (chosen) window.localStorage.setItem(KEY, chosen);
        else window.localStorage.removeItem(KEY);
      } catch {
        /* not remembered; this page still shows the choice */
      }
      show();
    });
    if (system && system.addEventListener) system.addEventListener("change", show);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", wire);
  else wire();
})();
