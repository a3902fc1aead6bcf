// A time of day the server wrote in its readers' usual zone (<time class="local-time"
// datetime="…Z">), shown in this browser's own zone instead: "local time" on the page is
// then the reader's, wherever they are. A sentence that names the local time is hidden
// until then (data-local-time-sentence), beside one that names UTC alone
// (data-utc-sentence), which is what a page without JavaScript says.

import { clockTime } from "./clock-time.js";

const language = document.documentElement.lang || undefined;

for (const element of document.querySelectorAll("time.local-time[datetime]")) {
  const moment = new Date(element.getAttribute("datetime"));
  if (!Number.isNaN(moment.getTime())) {
    element.textContent = clockTime(moment, language);
  }
}

for (const sentence of document.querySelectorAll("[data-local-time-sentence]")) {
  const time = sentence.querySelector("time.local-time[datetime]");
  const moment = new Date(time ? time.getAttribute("datetime") : NaN);
  // A reader whose zone is UTC would read the same hour twice ("00:00 local time
  // (00:00 UTC)"): the sentence with UTC alone says it once.
  if (Number.isNaN(moment.getTime()) || moment.getTimezoneOffset() === 0) continue;
  sentence.hidden = false;
  const fallback = sentence.parentElement.querySelector("[data-utc-sentence]");
  if (fallback) fallback.hidden = true;
}
