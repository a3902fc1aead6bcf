// A time of day the server wrote in its readers' usual zone (<time class="local-time"
// datetime="…Z">), shown in this browser's own zone instead: "local time" on the page is
// then the reader's, wherever they are. A sentence that names the local time is hidden
// until then (data-local-time-sentence), beside one that names UTC alone
// (data-utc-sentence), which is what a page without JavaScript says.

const format = new Intl.DateTimeFormat(document.documentElement.lang || undefined, {
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

for (const element of document.querySelectorAll("time.local-time[datetime]")) {
  const moment = new Date(element.getAttribute("datetime"));
  if (!Number.isNaN(moment.getTime())) element.textContent = format.format(moment);
}

for (const sentence of document.querySelectorAll("[data-local-time-sentence]")) {
  sentence.hidden = false;
  const fallback = sentence.parentElement.querySelector("[data-utc-sentence]");
  if (fallback) fallback.hidden = true;
}
