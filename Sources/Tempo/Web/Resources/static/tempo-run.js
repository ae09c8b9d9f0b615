// One run (M5): its stats (time, distance, pace, splits, climb, heart rate, cadence, calories
// with how they were estimated), charts over time drawn as SVG from the summary's series,
// what cleaning dropped, export to GPX/TCX, rename and delete.
import { api, el, showError, svg } from "./tempo-util.js";
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
    { key: "pace", title: speed ? "Speed" : "Pace", unit: speed ? "km/h" : "min/km",
      points: speed ? (series.pace || []).map((p) => ({ seconds: p.seconds, value: 3600 / p.value })) : series.pace || [],
      format: speed ? (v) => v.toFixed(0) : (v) => clock(v), invert: !speed },
    { key: "heartRate", title: "Heart rate", unit: "bpm", points: series.heartRate || [], format: (v) => v.toFixed(0) },
    { key: "cadence", title: "Cadence", unit: cadenceUnit(activity), points: series.cadence || [], format: (v) => v.toFixed(0) },
    { key: "tempo", title: "Music tempo", unit: "BPM", points: series.tempo || [], format: (v) => v.toFixed(0) },
  ];
  const box = $("run-charts");
  box.replaceChildren();
  for (const chart of charts) {
    const headingId = `chart-${chart.key}-title`;
    const figure = el("figure", { class: "run-chart", "data-chart": chart.key });
    figure.append(el("figcaption", { id: headingId, text: chart.title }));
    if (chart.points.length < 2) {
      figure.append(el("p", { class: "hint", text: `No ${chart.title.toLowerCase()} recorded.` }));
    } else {
      const values = chart.points.map((p) => p.value);
      const range = `${chart.title} from ${chart.format(Math.min(...values))} to ${chart.format(Math.max(...values))} ${chart.unit}.`;
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
  const parts = [["Heart rate", sensors.heartRate], ["Cadence", sensors.cadence]]
    .filter(([, names]) => names?.length).map(([what, names]) => `${what} from ${names.join(", ")}`);
  return parts.length ? `${parts.join(" · ")}.` : "";
}

function render(body) {
  const run = body.run, s = body.summary;
  const unit = cadenceUnit(run.activity);
  document.title = `${run.name} · Cadence`;
  $("run-name").textContent = run.name;
  $("rename-name").value = run.name;
  $("run-activity").value = run.activity;
  const started = new Date(run.startedAt).toLocaleString(undefined, { dateStyle: "full", timeStyle: "short" });
  const facts = [started, run.activity === "other" ? "activity unknown" : run.activity];
  if (run.simulated) facts.push("simulated");
  if (run.status === "recording") facts.push("still recording");
  if (run.source !== "recorded") facts.push(`imported from ${run.source.toUpperCase()}`);
  $("run-when").textContent = facts.join(" · ");
  $("run-simulated").hidden = !run.simulated;
  root.dataset.simulated = String(!!run.simulated);
  $("run-sensors").textContent = sensorsText(run);
  const hasDistance = s.distance > 0;
  $("run-stats").replaceChildren(
    stat("Time", clock(s.elapsedSeconds), "time"),
    stat("Moving", clock(s.movingSeconds), "moving"),
    stat("Distance", `${(s.distance / 1000).toFixed(2)} km`, "distance"),
    stat(showsSpeed(run.activity) ? "Average speed" : "Average pace",
      hasDistance && s.averagePace ? paceText(run.activity, s.averagePace) : "–", "pace"),
    stat("Climb", `${Math.round(s.elevationGain)} m up · ${Math.round(s.elevationLoss)} m down`, "elevation"),
    stat("Heart rate", s.averageHeartRate ? `${Math.round(s.averageHeartRate)} avg · ${Math.round(s.maxHeartRate)} max` : "–", "hr"),
    stat("Cadence", s.averageCadence ? `${Math.round(s.averageCadence)} ${unit}` : "–", "cadence"),
    stat("Calories", s.calories?.method === "none" ? "–" : `${Math.round(s.calories?.kilocalories || 0)} kcal`, "calories"),
  );
  $("run-calories-method").textContent = s.calories?.methodText || "";
  const rows = (s.splits || []).map((split) => {
    const pace = split.distance > 0 ? (split.seconds / split.distance) * 1000 : null;
    const label = split.distance >= 999.5 ? String(split.number) : `${split.number} (${Math.round(split.distance)} m)`;
    return el("tr", {},
      el("th", { scope: "row", text: label }), el("td", { text: clock(split.seconds) }), el("td", { text: paceText(run.activity, pace) }),
      el("td", { text: split.averageHeartRate ? String(Math.round(split.averageHeartRate)) : "–" }),
      el("td", { text: `+${Math.round(split.elevationGain)} m` }));
  });
  $("run-splits").querySelector("tbody").replaceChildren(...rows);
  $("run-splits-empty").hidden = rows.length > 0;
  $("run-splits-empty").textContent = s.distance > 0 && !s.movingSeconds
    ? "No splits: the times recorded do not say how long any stretch took." : "No full kilometre recorded.";
  showIntervals(body, run.activity, unit);
  const report = body.importReport;
  const warnings = report?.warnings || [];
  $("run-import-warnings").replaceChildren(...warnings.map((text) => el("li", { class: "notice tempo-warning", text })));
  $("run-import-warnings").hidden = !warnings.length;
  const notes = [...(report?.notes || []), ...(body.cleaning?.notes || [])];
  $("run-cleaning").replaceChildren(...(notes.length || warnings.length ? notes : ["Nothing was dropped: every sample was kept as recorded."])
    .map((text) => el("li", { text })));
  $("export-gpx").href = `/api/v1/tempo/runs/${runId}/export.gpx`;
  $("export-tcx").href = `/api/v1/tempo/runs/${runId}/export.tcx`;
  drawCharts(body);
  root.dataset.loaded = "true";
  root.dataset.distance = String(s.distance);
}

/** The plan's intervals, planned against measured, and the time in each heart-rate zone. */
function showIntervals(body, activity, unit) {
  const intervals = body.intervals || [];
  $("run-intervals-panel").hidden = !intervals.length;
  $("run-intervals").querySelector("tbody").replaceChildren(...intervals.map((i) => el("tr", {},
    el("th", { scope: "row", text: i.name }),
    el("td", { text: `${paceText(activity, i.plannedPace)} / ${i.seconds > 0 ? paceText(activity, i.pace) : "–"}` }),
    el("td", { text: `${Math.round(i.plannedCadence)} / ${i.cadence ? Math.round(i.cadence) : "–"} ${unit}` }),
    el("td", { text: i.heartRate ? String(Math.round(i.heartRate)) : "–" }),
    el("td", { text: i.secondsInZone == null ? "–" : `${clock(i.secondsInZone)} of ${clock(i.seconds)} in zone ${i.zone}` }))));
  const zones = body.heartRateZones;
  $("run-zones-panel").hidden = !zones;
  if (!zones) return;
  const total = zones.zones.reduce((sum, z) => sum + z.seconds, 0) || 1;
  $("run-zones-max").textContent = `Zones of a maximum heart rate of ${zones.maximum} bpm (set it on the runs page).`;
  $("run-zones").replaceChildren(...zones.zones.map((z) => {
    // The bar's length through the CSSOM (the page's CSP allows no style attributes).
    const bar = el("span", { class: "run-zone-bar", "aria-hidden": "true" });
    bar.style.setProperty("--share", (z.seconds / total).toFixed(3));
    return el("li", { class: "run-zone", "data-zone": String(z.zone), "data-seconds": String(Math.round(z.seconds)) },
      el("span", { class: "run-zone-name", text: `Zone ${z.zone} (${z.low}–${z.high})` }), bar,
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
    notice.textContent = "Saved.";
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
