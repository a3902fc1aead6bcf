// The site's menu on a phone is a popover (base.html): the browser opens it, closes it on
// Esc or a tap outside, and gives the focus back to its button. One key it never sees:
// the play page takes Esc for Pause (shortcuts.js), and a key already handled does not
// close a popover. With the menu open, Esc closes the menu, and only the menu.

const menu = document.getElementById("site-menu");

if (menu) {
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
