// The timeline (R3): a slider over the days that have reminders; moving it scrolls to that
// day (or, with "Only this day", shows just that one) and its label names the date. A month
// selector jumps to a month's first day; scrolling the page moves the slider to the day on top.
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
const month = document.getElementById("month-select");
const list = document.getElementById("spots-days");
// While the page scrolls because the slider or the month moved it, the scroll does not move them back; once it has
// settled, only a scroll away from where it settled (the person's own) moves them.
let steering = false;
let settledY = null;

function settle() {
  if (!steering) return;
  steering = false;
  settledY = scrollY;
  list.dataset.settled = "true";
}

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
  slider.value = String(index);
  if (month) month.value = day.dataset.month;
  if (scroll && !only.checked) {
    steering = true;
    list.dataset.settled = "false";
    setTimeout(settle, 1500);  // in case the page had nowhere to scroll (no scrollend then)
    day.scrollIntoView({ block: "start", behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
  }
}

/** The day whose heading is nearest the top of the window (the first still showing). */
function dayOnTop() {
  let best = 0;
  for (const [index, day] of days.entries()) {
    if (day.getBoundingClientRect().bottom > 80) { best = index; break; }
  }
  return best;
}

if (panel && slider && days.length) {
  panel.hidden = false;
  slider.addEventListener("input", () => choose(Number(slider.value), true));
  only.addEventListener("change", () => choose(Number(slider.value), true));
  month?.addEventListener("change", () => choose(Number(month.value), true));
  let pending = false;
  addEventListener("scrollend", settle);
  addEventListener("scroll", () => {
    if (pending || only.checked || steering) return;
    if (settledY !== null && Math.abs(scrollY - settledY) < 2) return;
    settledY = null;
    pending = true;
    requestAnimationFrame(() => {
      pending = false;
      const index = dayOnTop();
      if (index !== Number(slider.value)) choose(index, false);
    });
  }, { passive: true });
  choose(Number(slider.value), false);
}
