// One run (M5): its stats (time, distance, pace, splits, climb, heart rate, cadence, calories
// with how they were estimated), charts over time drawn as SVG from the summary's series,
// what cleaning dropped, export to GPX/TCX, rename and delete.
import { formatDateTime, formatNumber, saidOr, t } from "./i18n.js";
import { METRES_PER_MILE, api, distanceText, el, imperial, paceAxisUnit, perUnit, showError, speedUnit, svg } from "./tempo-util.js";
import { cadenceUnit, clock, paceText, showsSpeed } from "./tempo-run-common.js";
import { drawAtShownWidth, lineChart } from "./tempo-line-chart.js";

const $ = (id) => document.getElementById(id);
const root = $("run-page");
const runId = root.dataset.runId;
const errorBox = $("run-error");
const notice = $("run-notice");
function drawCharts(body) {
  const series = body.summary.series || {};
  const activity = body.run.activity;
  const speed = showsSpeed(activity);
  const charts = [
    // In the account's units: a pace per km or per mi, a speed in km/h or mph (the series are per km).
    { key: "pace", name: speed ? "speed" : "pace", unit: speed ? speedUnit() : paceAxisUnit(),
      points: (series.pace || []).map((p) => ({ seconds: p.seconds, value: speed ? 3600 / perUnit(p.value) : perUnit(p.value) })),
      format: speed ? (v) => formatNumber(Math.round(v)) : (v) => clock(v), invert: !speed },
    { key: "heartRate", name: "heart_rate", unit: "bpm", points: series.heartRate || [], format: (v) => formatNumber(Math.round(v)) },
    { key: "cadence", name: "cadence", unit: cadenceUnit(activity), points: series.cadence || [], format: (v) => formatNumber(Math.round(v)) },
    { key: "tempo", name: "tempo", unit: "BPM", points: series.tempo || [], format: (v) => formatNumber(Math.round(v)) },
  ].map((chart) => ({ ...chart, title: t(`tempo.run.chart.${chart.name}`), axis: t("tempo.run.chart.axis", { unit: chart.unit }) }));
  const box = $("run-charts");
  box.replaceChildren();
  for (const chart of charts) {
    const headingId = `chart-${chart.key}-title`;
    const figure = el("figure", { class: "run-chart", "data-chart": chart.key });
    figure.append(el("figcaption", { id: headingId, text: chart.title }));
    if (chart.points.length < 2) {
      figure.append(el("p", { class: "hint", text: t(`tempo.run.chart.${chart.name}_none`) }));
    } else {
      const values = chart.points.map((p) => p.value);
      const range = t("tempo.run.chart.range", {
        what: chart.title, low: chart.format(Math.min(...values)), high: chart.format(Math.max(...values)), unit: chart.unit,
      });
      const wrap = el("div", { class: "tempo-chart-wrap" });
      const image = svg("svg", { class: "tempo-chart", role: "img", "aria-label": range });
      wrap.append(image);
      figure.append(wrap);
      box.append(figure);
      drawAtShownWidth(wrap, () => lineChart(image, chart.points, chart));
      continue;
    }
    box.append(figure);
  }
}

function stat(name, value, id) {
  return el("li", {}, el("span", { class: "stat-name", text: name }), " ", el("span", { class: "stat-value", text: value, "data-stat": id }));
}

/** Which device measured what: a reading is only ever shown with its source. */
function sensorsText(run) {
  if (run.simulated) return "";
  const sensors = run.sensors ?? {};
  const parts = [["heart_rate", sensors.heartRate], ["cadence", sensors.cadence]]
    .filter(([, names]) => names?.length).map(([what, names]) => t(`tempo.run.page.${what}_from`, { names: names.join(", ") }));
  return parts.length ? t("tempo.run.page.sensors", { list: parts.join(" · ") }) : "";
}

function render(body) {
  const run = body.run, s = body.summary;
  const unit = cadenceUnit(run.activity);
  document.title = `${run.name} · Cadence`;
  $("run-name").textContent = run.name;
  $("rename-name").value = run.name;
  $("run-activity").value = run.activity;
  const started = formatDateTime(new Date(run.startedAt));
  const facts = [started, t(`tempo.run.page.activity.${["running", "walking", "cycling"].includes(run.activity) ? run.activity : "other"}`)];
  if (run.simulated) facts.push(t("tempo.run.page.simulated"));
  if (run.status === "recording") facts.push(t("tempo.run.page.recording"));
  if (run.source !== "recorded") facts.push(t("tempo.run.page.imported_from", { format: run.source.toUpperCase() }));
  $("run-when").textContent = facts.join(" · ");
  $("run-simulated").hidden = !run.simulated;
  root.dataset.simulated = String(!!run.simulated);
  $("run-sensors").textContent = sensorsText(run);
  const hasDistance = s.distance > 0;
  $("run-stats").replaceChildren(
    stat(t("tempo.run.page.time"), clock(s.elapsedSeconds), "time"),
    stat(t("tempo.run.page.moving"), clock(s.movingSeconds), "moving"),
    stat(t("tempo.run.page.distance"), distanceText(s.distance), "distance"),
    stat(t(showsSpeed(run.activity) ? "tempo.run.page.average_speed" : "tempo.run.page.average_pace"),
      hasDistance && s.averagePace ? paceText(run.activity, s.averagePace) : "–", "pace"),
    stat(t("tempo.run.page.climb"), t("tempo.run.page.climb_value", { up: formatNumber(Math.round(s.elevationGain)), down: formatNumber(Math.round(s.elevationLoss)) }), "elevation"),
    stat(t("tempo.run.page.heart_rate"), s.averageHeartRate
      ? t("tempo.run.page.heart_rate_value", { average: formatNumber(Math.round(s.averageHeartRate)), max: formatNumber(Math.round(s.maxHeartRate)) }) : "–", "hr"),
    stat(t("tempo.run.page.cadence"), s.averageCadence ? t("tempo.run.page.cadence_value", { cadence: formatNumber(Math.round(s.averageCadence)), unit }) : "–", "cadence"),
    stat(t("tempo.run.page.calories"), s.calories?.method === "none" ? "–"
      : t("tempo.run.page.calories_value", { kcal: formatNumber(Math.round(s.calories?.kilocalories || 0)) }), "calories"),
  );
  $("run-calories-method").textContent = caloriesMethodText(s.calories, run.activity);
  // Splits of the person's unit: whole miles in imperial (older summaries have kilometres only).
  const miles = imperial() && s.mileSplits;
  const rows = ((miles ? s.mileSplits : s.splits) || []).map((split) => {
    const pace = split.distance > 0 ? (split.seconds / split.distance) * 1000 : null;
    const whole = split.distance >= (miles ? METRES_PER_MILE : 1000) - 0.5;
    const label = whole ? String(split.number) : miles
      ? t("tempo.run.page.split_part_mi", { number: split.number, distance: formatNumber(split.distance / METRES_PER_MILE, 2) })
      : t("tempo.run.page.split_part", { number: split.number, metres: formatNumber(Math.round(split.distance)) });
    return el("tr", {},
      el("th", { scope: "row", text: label }), el("td", { text: clock(split.seconds) }), el("td", { text: paceText(run.activity, pace) }),
      el("td", { text: split.averageHeartRate ? formatNumber(Math.round(split.averageHeartRate)) : "–" }),
      el("td", { text: t("tempo.run.page.split_climb", { metres: formatNumber(Math.round(split.elevationGain)) }) }));
  });
  $("run-splits").querySelector("tbody").replaceChildren(...rows);
  $("run-splits-empty").hidden = rows.length > 0;
  $("run-splits-empty").textContent = s.distance > 0 && !s.movingSeconds
    ? t("tempo.run.page.splits_no_times") : t(miles ? "tempo.run.page.splits_none_mi" : "tempo.run.page.splits_none");
  showIntervals(body, run.activity, unit);
  const report = body.importReport;
  const warnings = saidOr(report?.warningNotes, report?.warnings);
  $("run-import-warnings").replaceChildren(...warnings.map((text) => el("li", { class: "notice tempo-warning", text })));
  $("run-import-warnings").hidden = !warnings.length;
  const notes = [...saidOr(report?.changeNotes, report?.notes), ...saidOr(body.cleaning?.changeNotes, body.cleaning?.notes)];
  $("run-cleaning").replaceChildren(...(notes.length || warnings.length ? notes : [t("tempo.run.page.nothing_dropped")])
    .map((text) => el("li", { text })));
  $("export-gpx").href = `/api/v1/tempo/runs/${runId}/export.gpx`;
  $("export-tcx").href = `/api/v1/tempo/runs/${runId}/export.tcx`;
  drawCharts(body);
  root.dataset.loaded = "true";
  root.dataset.distance = String(s.distance);
}

/** The plan's intervals, planned against measured, and the time in each heart-rate zone. */
/** How the calories were estimated, from the summary's method code and what it assumed (the server's English
 * `methodText` only for a summary stored before those values existed). */
function caloriesMethodText(calories, activity) {
  if (!calories) return "";
  const key = { heartRate: "heart_rate", acsmRunning: "acsm_running", acsmWalking: "acsm_walking", cyclingMET: "cycling_met", none: "none" }[calories.method];
  if (!key || (calories.method !== "none" && typeof calories.weightAssumed !== "boolean")) return calories.methodText || "";
  if (calories.method === "none") return t("tempo.run.page.calories_method.none");
  const minutes = calories.minutesWithoutHeartRate;
  if (calories.method === "heartRate" && minutes !== null && minutes !== undefined) {
    const rest = ["running", "walking", "cycling"].includes(activity) ? "by_speed" : "not_estimated";
    return t(`tempo.run.page.calories_method.heart_rate_${rest}`, { minutes: formatNumber(Math.round(minutes)) });
  }
  // The heart-rate equation needs the weight, so only the others can have assumed it.
  return t(`tempo.run.page.calories_method.${key}${calories.weightAssumed && key !== "heart_rate" ? "_weight_assumed" : ""}`);
}

function showIntervals(body, activity, unit) {
  const intervals = body.intervals || [];
  $("run-intervals-panel").hidden = !intervals.length;
  $("run-intervals").querySelector("tbody").replaceChildren(...intervals.map((i) => el("tr", {},
    el("th", { scope: "row", text: i.name }),
    el("td", { text: t("tempo.run.page.planned_measured", { planned: paceText(activity, i.plannedPace), measured: i.seconds > 0 ? paceText(activity, i.pace) : "–" }) }),
    el("td", { text: t("tempo.run.page.planned_measured_cadence", {
      planned: formatNumber(Math.round(i.plannedCadence)), measured: i.cadence ? formatNumber(Math.round(i.cadence)) : "–", unit }) }),
    el("td", { text: i.heartRate ? formatNumber(Math.round(i.heartRate)) : "–" }),
    el("td", { text: i.secondsInZone == null ? "–"
      : t("tempo.run.page.in_zone", { time: clock(i.secondsInZone), total: clock(i.seconds), zone: i.zone }) }))));
  const zones = body.heartRateZones;
  $("run-zones-panel").hidden = !zones;
  if (!zones) return;
  const total = zones.zones.reduce((sum, z) => sum + z.seconds, 0) || 1;
  $("run-zones-max").textContent = t("tempo.run.page.zones_max", { maximum: formatNumber(zones.maximum) });
  $("run-zones").replaceChildren(...zones.zones.map((z) => {
    // The bar's length through the CSSOM (the page's CSP allows no style attributes).
    const bar = el("span", { class: "run-zone-bar", "aria-hidden": "true" });
    bar.style.setProperty("--share", (z.seconds / total).toFixed(3));
    return el("li", { class: "run-zone", "data-zone": String(z.zone), "data-seconds": String(Math.round(z.seconds)) },
      el("span", { class: "run-zone-name", text: t("tempo.run.page.zone", { zone: z.zone, low: z.low, high: z.high }) }), bar,
      el("span", { class: "run-zone-time", text: clock(z.seconds) }));
  }));
}

let last = null;

async function load() {
  try {
    last = await api("GET", `/runs/${runId}`);
    render(last);
  } catch (error) {
    showError(errorBox, error);
  }
}

$("rename-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  errorBox.hidden = true;
  notice.hidden = true;
  const fields = event.target.querySelectorAll("[data-field]");
  fields.forEach((f) => f.removeAttribute("aria-invalid"));
  try {
    await api("PUT", `/runs/${runId}`, { name: $("rename-name").value, activity: $("run-activity").value });
    notice.textContent = t("tempo.run.page.saved");
    notice.hidden = false;
    await load();
  } catch (error) {
    const field = event.target.querySelector(`[data-field="${error.field}"]`) || $("rename-name");
    field.setAttribute("aria-invalid", "true");
    field.focus();
    showError(errorBox, error);
  }
});

$("delete-run").addEventListener("click", () => {
  $("delete-confirm").hidden = false;
  $("delete-run").hidden = true;
  $("delete-no").focus();
});
$("delete-no").addEventListener("click", () => {
  $("delete-confirm").hidden = true;
  $("delete-run").hidden = false;
  $("delete-run").focus();
});
$("delete-yes").addEventListener("click", async () => {
  try {
    await api("DELETE", `/runs/${runId}`);
    location.assign("/phone/tempo/runs");
  } catch (error) {
    showError(errorBox, error);
  }
});

load();
