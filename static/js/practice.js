// The practice page in place: the quiz and the drill "Free or blocked?".
// "Show the answer and explanation" sends the same GET request that the form would (the
// server stays the one that grades), and swaps that question's result into the page
// without a reload; "Next position" swaps in the drill's next position the same way and
// puts its address in the address bar, so that it can be shared. Nothing is stored, here
// or on the server. Without JavaScript, or if a request fails, the page simply navigates.

async function fetchPage(url) {
  const response = await fetch(url, { headers: { Accept: "text/html" } });
  if (!response.ok) {
    throw new Error(`HTTP ${response.status}`);
  }
  return new DOMParser().parseFromString(await response.text(), "text/html");
}

function adopt(target, fresh) {
  target.className = fresh.className;
  target.replaceChildren(...Array.from(fresh.childNodes, (node) => document.importNode(node, true)));
}

async function showResult(form, button) {
  const slug = button.value;
  const params = new URLSearchParams(new FormData(form));
  params.append("show", slug);
  const base = form.getAttribute("action").split("#")[0];
  const url = `${base}?${params}`;
  const result = document.getElementById(`result-${slug}`);
  button.setAttribute("aria-busy", "true");
  try {
    const page = await fetchPage(url);
    const fresh = page.getElementById(`result-${slug}`);
    if (!fresh || !result) {
      throw new Error("no result in the response");
    }
    adopt(result, fresh);
    // The drill's figure outlines what blocks the marked tile once answered.
    const figure = document.querySelector(`#question-${slug} .question__figure`);
    const freshFigure = page.querySelector(`#question-${slug} .question__figure`);
    if (figure && freshFigure) adopt(figure, freshFigure);
  } catch {
    // Fall back to the plain form: the server answers with the whole graded page.
    window.location.assign(`${url}#question-${slug}`);
  } finally {
    button.removeAttribute("aria-busy");
  }
}

async function nextPosition(link) {
  const current = document.getElementById("drill");
  current.setAttribute("aria-busy", "true");
  try {
    const fresh = (await fetchPage(link.href)).getElementById("drill");
    if (!fresh) {
      throw new Error("no drill in the response");
    }
    adopt(current, fresh);
    window.history.replaceState(null, "", link.href);
    document.getElementById("drill-heading").focus();
  } catch {
    window.location.assign(link.href);
  } finally {
    current.removeAttribute("aria-busy");
  }
}

document.addEventListener("submit", (event) => {
  const form = event.target.closest("form[data-quiz]");
  const button = event.submitter;
  if (!form || !button || button.name !== "show") {
    return;
  }
  event.preventDefault();
  showResult(form, button);
});

document.addEventListener("click", (event) => {
  const link = event.target.closest("a[data-drill-next]");
  if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
    return;
  }
  event.preventDefault();
  nextPosition(link);
});
