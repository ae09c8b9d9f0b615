// The timeline (R3): a slider over the days that have reminders; moving it scrolls to that
// day (or, with "Only this day", shows just that one) and its label names the date.
import { browserZone, localizeTimes, rememberZone, renderedElsewhere } from "./spots-util.js";

rememberZone();
// Days are cut at midnight in the zone the server used: the first visit uses UTC, so reload
// once in this browser's zone (the cookie is set now).
const RELOADED = "cadence.spots.zoneReload";
if (renderedElsewhere() && sessionStorage.getItem(RELOADED) !== browserZone()) {
  sessionStorage.setItem(RELOADED, browserZone());
  location.reload();
}
localizeTimes();

const panel = document.getElementById("spots-slider");
const slider = document.getElementById("day-slider");
const label = document.getElementById("day-label");
const only = document.getElementById("only-day");
const days = [...document.querySelectorAll(".spots-day")];

function choose(index, scroll) {
  const day = days[index];
  if (!day) return;
  label.textContent = day.dataset.label;
  slider.setAttribute("aria-valuetext", day.dataset.label);
  for (const other of days) {
    const current = other === day;
    other.classList.toggle("chosen", current);
    if (current) other.setAttribute("aria-current", "date");
    else other.removeAttribute("aria-current");
    other.hidden = only.checked && !current;
  }
  if (scroll && !only.checked) day.scrollIntoView({ block: "start", behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
}

if (panel && slider && days.length) {
  panel.hidden = false;
  slider.addEventListener("input", () => choose(Number(slider.value), true));
  only.addEventListener("change", () => choose(Number(slider.value), true));
  choose(Number(slider.value), false);
}
