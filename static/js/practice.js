// The practice quiz in place. "Show the answer and explanation" sends the same GET request
// that the form would (the server stays the one that grades), and swaps that question's
// result into the page without a reload. Nothing is stored, here or on the server.
// Without JavaScript, or if the request fails, the form simply submits.

const form = document.querySelector("form[data-quiz]");

async function showResult(button) {
  const slug = button.value;
  const params = new URLSearchParams(new FormData(form));
  params.append("show", slug);
  const base = form.getAttribute("action").split("#")[0];
  const url = `${base}?${params}`;
  const result = document.getElementById(`result-${slug}`);
  button.setAttribute("aria-busy", "true");
  try {
    const response = await fetch(url, { headers: { Accept: "text/html" } });
    if (!response.ok) {
      throw new Error(`HTTP ${response.status}`);
    }
    const page = new DOMParser().parseFromString(await response.text(), "text/html");
    const fresh = page.getElementById(`result-${slug}`);
    if (!fresh || !result) {
      throw new Error("no result in the response");
    }
    result.className = fresh.className;
    result.replaceChildren(...Array.from(fresh.childNodes, (node) => document.importNode(node, true)));
  } catch {
    // Fall back to the plain form: the server answers with the whole graded page.
    window.location.assign(`${url}#question-${slug}`);
  } finally {
    button.removeAttribute("aria-busy");
  }
}

if (form) {
  form.addEventListener("submit", (event) => {
    const button = event.submitter;
    if (!button || button.name !== "show") {
      return;
    }
    event.preventDefault();
    showResult(button);
  });
}
