// The site's head on a phone: one line that scrolls sideways (site.css), so that the
// page's own content (the board, the rules) starts at the top of the screen. A word cut by the screen's edge would look
// broken: the line fades out on each side that has more to scroll to (data-more on the
// line, which board.css reads), and it is scrolled so that the current page's link is
// whole and clear of the fading edge.

const EDGE = 40; // px: the fading edge's width (board.css), and a little over

function keepCurrentLinkInView(header) {
  const line = header ? header.querySelector(".site-header__inner") : null;
  if (!line) return;
  const mark = () => {
    const more = [];
    if (line.scrollLeft > 1) more.push("start");
    if (line.scrollLeft + line.clientWidth < line.scrollWidth - 1) more.push("end");
    line.dataset.more = more.join(" ");
  };
  const show = () => {
    const current = line.querySelector('.site-nav [aria-current="page"]');
    if (current && line.scrollWidth > line.clientWidth + 1) {
      const box = current.getBoundingClientRect();
      const outer = line.getBoundingClientRect();
      // The links scroll under the site's name, which keeps its place at the start.
      const name = line.querySelector(".site-name");
      const start = name ? name.getBoundingClientRect().right : outer.left;
      if (box.right > outer.right - EDGE) line.scrollLeft += box.right - (outer.right - EDGE);
      else if (box.left < start + EDGE) line.scrollLeft -= start + EDGE - box.left;
    }
    mark();
  };
  line.addEventListener("scroll", mark, { passive: true });
  window.addEventListener("resize", show);
  show();
}

keepCurrentLinkInView(document.querySelector(".site-header"));
