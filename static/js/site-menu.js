// The site's menu on a phone is a popover (base.html): the browser opens it, closes it on
// Esc or a tap outside, and gives the focus back to its button. This adds two things:
// - the button says whether the menu is open (aria-expanded), for every screen reader;
// - the play page takes Esc for Pause (shortcuts.js), and a key already handled never
//   closes a popover: with the menu open, Esc closes the menu, and only the menu.

const menu = document.getElementById("site-menu");
const button = document.querySelector('[popovertarget="site-menu"]');

if (menu && button) {
  button.setAttribute("aria-expanded", "false");
  menu.addEventListener("toggle", (event) => {
    button.setAttribute("aria-expanded", event.newState === "open" ? "true" : "false");
  });
  document.addEventListener(
    "keydown",
    (event) => {
      if (event.key !== "Escape" || event.defaultPrevented || !menu.matches(":popover-open")) return;
      event.preventDefault();
      menu.hidePopover();
    },
    true,
  );
}
