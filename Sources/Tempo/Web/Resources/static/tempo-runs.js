// Run history (M5): every run with its date, distance, time and pace; GPX/TCX import; the
// runner's profile for calories.
import { formatDateTime, formatNumber, locale, plural, saidOr, t } from "./i18n.js";
import { api, distanceText, el, imperial, kilogramsFrom, paceAxisUnit, perUnit, showError, svg, weightValue } from "./tempo-util.js";
import { clock, paceText } from "./tempo-run-common.js";
import { drawAtShownWidth, lineChart } from "./tempo-line-chart.js";
import { finishLeftRun } from "./tempo-run-finish.js";
import { browserZone, rememberZone } from "./zone.js";

const $ = (id) => document.getElementById(id);

export function runDate(iso) {
  return formatDateTime(new Date(iso));
}

/** A distance in the account's unit: "10.00 km" or "6.21 mi". */
export function km(metres) {
  return distanceText(metres);
}

const WEEK = 7 * 86400;

function weekText(start) {
  return new Intl.DateTimeFormat(locale, { month: "short", day: "numeric", timeZone: "UTC" }).format(new Date(`${start}T00:00:00Z`));
}

/** The weekly pace as a line over the twelve weeks (weeks without runs left out); a hint until two weeks have one. */
function drawPaceTrend(weeks) {
  const figure = $("progress-trend");
  const points = weeks.flatMap((week, index) => week.pace ? [{ seconds: index * WEEK, value: week.pace, week: week.start }] : []);
  if (points.length < 2) {
    figure.replaceChildren(el("figcaption", { text: t("tempo.run.progress.trend") }),
      el("p", { class: "hint", text: t("tempo.run.progress.trend_later") }));
    return;
  }
  const first = points[0], last = points[points.length - 1];
  const trend = last.value < first.value ? "faster" : last.value > first.value ? "slower" : "same";
  const label = t(`tempo.run.progress.trend_${trend}`, {
    from: paceText("running", first.value), fromWeek: weekText(first.week), to: paceText("running", last.value), toWeek: weekText(last.week),
  });
  const wrap = el("div", { class: "tempo-chart-wrap" });
  const image = svg("svg", { class: "tempo-chart", role: "img", "aria-label": label });
  wrap.append(image);
  figure.replaceChildren(el("figcaption", { text: t("tempo.run.progress.trend") }), wrap);
  const span = (weeks.length - 1) * WEEK;
  const ticks = [0, Math.floor((weeks.length - 1) / 2), weeks.length - 1].map((i) => ({ seconds: i * WEEK, text: weekText(weeks[i].start) }));
  drawAtShownWidth(wrap, () => lineChart(image, points,
    { format: (v) => clock(perUnit(v)), invert: true, unit: paceAxisUnit(), xTicks: ticks,
      axis: t("tempo.run.progress.trend_axis", { unit: paceAxisUnit() }), span, dots: true }));
}

/** Twelve weeks (Monday to Sunday in this browser's zone) of distance, time and pace, each week's distance as a
 * bar, the pace trend, and the personal bests. */
async function loadProgress() {
  let progress;
  try {
    progress = await api("GET", `/progress?weeks=12&tz=${encodeURIComponent(browserZone())}`);
  } catch (error) {
    $("progress-status").textContent = error.message;
    return;
  }
  const longest = Math.max(1, ...progress.weeks.map((w) => w.distance));
  $("progress-weeks").querySelector("tbody").replaceChildren(...progress.weeks.slice().reverse().map((week) => {
    const bar = el("span", { class: "run-zone-bar", "aria-hidden": "true" });
    bar.style.setProperty("--share", (week.distance / longest).toFixed(3));  // CSSOM: the CSP allows no style attributes
    return el("tr", { "data-week": week.start },
      el("th", { scope: "row", text: weekText(week.start) }),
      el("td", {}, el("span", { text: t("tempo.run.progress.week_distance", { distance: km(week.distance), runs: formatNumber(week.runs) }) }), bar),
      el("td", { text: week.movingSeconds ? clock(week.movingSeconds) : "–" }),
      el("td", { text: week.pace ? paceText("running", week.pace) : "–" }));
  }));
  drawPaceTrend(progress.weeks);
  const total = progress.weeks.reduce((sum, w) => sum + w.runs, 0);
  $("progress-status").textContent = total ? plural("tempo.run.progress.total", total) : t("tempo.run.progress.none");
  // No runs in twelve weeks: one line that says how to start, not twelve rows of nothing.
  for (const id of ["progress-table", "progress-trend", "progress-bests-part"]) $(id).hidden = total === 0;
  // Race distances keep their names (a 5 km is a 5 km in miles too).
  const names = { 1000: t("tempo.run.progress.best_1k"), 5000: t("tempo.run.progress.best_5k"), 10000: t("tempo.run.progress.best_10k") };
  $("progress-bests").replaceChildren(...(progress.bests.length ? progress.bests.map((best) => el("li", {},
    el("strong", { text: t("tempo.run.progress.best", { distance: names[best.metres] || km(best.metres), time: clock(best.seconds) }) }), " ",
    el("a", { href: `/phone/tempo/runs/${best.runId.toLowerCase()}`, text: runDate(new Date(best.startedAt).toISOString()) })))
    : [el("li", { text: t("tempo.run.progress.no_bests") })]));
}

async function loadRuns() {
  const status = $("runs-status");
  let list;
  try {
    list = await api("GET", "/runs");
  } catch (error) {
    status.textContent = error.message;
    return;
  }
  status.textContent = list.length ? plural("tempo.run.list.count", list.length) : t("tempo.run.list.none");
  $("runs").replaceChildren(...list.map((run) => {
    const id = run.id.toLowerCase();
    const pace = run.distanceMeters > 10 && run.durationSeconds ? run.durationSeconds / (run.distanceMeters / 1000) : null;
    const facts = [runDate(run.startedAt), km(run.distanceMeters), run.durationSeconds ? clock(run.durationSeconds) : "–", paceText(run.activity, pace)];
    if (run.status === "recording") facts.push(t("tempo.run.list.recording"));
    if (run.simulated) facts.push(t("tempo.run.list.simulated"));
    return el("li", { class: "run-item", "data-run-id": id },
      el("a", { href: `/phone/tempo/runs/${id}`, class: "run-link", text: run.name }),
      el("span", { class: "run-facts muted", text: facts.join(" · ") }));
  }));
  document.body.dataset.runs = String(list.length);
}

$("import-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const input = $("import-file");
  const errorBox = $("import-error");
  const status = $("import-status");
  const warnings = $("import-warnings");
  errorBox.hidden = true;
  status.hidden = true;
  warnings.hidden = true;
  input.removeAttribute("aria-invalid");
  const file = input.files[0];
  if (!file) {
    input.setAttribute("aria-invalid", "true");
    showError(errorBox, t("tempo.run.import.choose_file"));
    input.focus();
    return;
  }
  const form = new FormData();
  form.append("activity", $("import-activity").value);
  form.append("file", file);
  try {
    // A fetch that cannot reach the server rejects with a TypeError whose wording depends on the browser
    // ("Failed to fetch", "NetworkError when attempting to fetch resource.", "Load failed").
    const response = await fetch("/api/v1/tempo/runs/import", { method: "POST", body: form, credentials: "same-origin" })
      .catch((error) => { throw error instanceof TypeError ? new Error(t("tempo.run.import.unreachable")) : error; });
    const body = await response.json().catch(() => null);
    if (!response.ok) {
      const error = new Error(body?.error?.message || t("tempo.util.server_answered", { status: response.status }));
      error.field = body?.error?.field || null;
      throw error;
    }
    const report = body.importReport;
    const name = body.run.name;
    status.textContent = response.status !== 201 ? t("tempo.run.import.again", { name })
      : report ? t("tempo.run.import.done_points", { name, kept: formatNumber(report.keptPoints), points: formatNumber(report.points) })
      : t("tempo.run.import.done", { name });
    status.hidden = false;
    warnings.replaceChildren(...saidOr(report?.warningNotes, report?.warnings).map((text) => el("li", { class: "notice tempo-warning", text })));
    warnings.hidden = !warnings.children.length;
    input.value = "";
    await loadRuns();
  } catch (error) {
    input.setAttribute("aria-invalid", "true");
    showError(errorBox, error);
  }
});

/** The zones the live run steers by, or what is missing for them. */
function showZones(profile) {
  const maximum = profile.heartRateMaximum;
  $("profile-zones").textContent = maximum
    ? t(maximum.source === "profile" ? "tempo.run.profile.zones_yours" : "tempo.run.profile.zones_estimated", {
      maximum: formatNumber(maximum.value), zones: profile.heartRateZones.map((z) => `${z.zone}: ${z.low}–${z.high}`).join(", "),
    })
    : t("tempo.run.profile.zones_missing");
}

async function loadProfile() {
  try {
    const profile = await api("GET", "/profile");
    // Kept in kilograms; shown (and typed) in the account's unit.
    $("profile-weight").value = profile.weightKg == null ? "" : String(Math.round(weightValue(profile.weightKg) * 10) / 10);
    $("profile-born").value = profile.birthYear ?? "";
    $("profile-sex").value = profile.sex ?? "";
    $("profile-max-hr").value = profile.maxHeartRate ?? "";
    showZones(profile);
  } catch (error) {
    showError($("profile-error"), error);
  }
}

$("profile-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const errorBox = $("profile-error");
  const status = $("profile-status");
  errorBox.hidden = true;
  status.hidden = true;
  const fields = event.target.querySelectorAll("[data-field]");
  fields.forEach((f) => f.removeAttribute("aria-invalid"));
  const weight = $("profile-weight").value.trim(), born = $("profile-born").value.trim(), sex = $("profile-sex").value;
  const maxHr = $("profile-max-hr").value.trim();
  const body = { weightKg: weight === "" ? null : imperial() ? Math.round(kilogramsFrom(Number(weight)) * 100) / 100 : Number(weight), birthYear: born === "" ? null : Number(born), sex: sex || null,
                 maxHeartRate: maxHr === "" ? null : Number(maxHr) };
  try {
    showZones(await api("PUT", "/profile", body));
    status.textContent = t("tempo.run.profile.saved");
    status.hidden = false;
  } catch (error) {
    const field = event.target.querySelector(`[data-field="${error.field}"]`);
    if (field) {
      field.setAttribute("aria-invalid", "true");
      field.focus();
    }
    showError(errorBox, error);
  }
});

rememberZone();  // so the phone home counts "this week" in the same zone
// A run ended on this phone and left at its question is saved first, so the history never shows it "recording".
finishLeftRun().catch(() => null).finally(() => {
  loadProgress();
  loadRuns();
});
loadProfile();
