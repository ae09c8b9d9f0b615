// The watch during a run (M4): the interval and time left, the next interval, pace, heart rate,
// cadence and elapsed time, with big Pause/Resume and Skip. The interval and the time left are
// computed here from the run's plan and start (and the pauses the phone reported), so the
// watch keeps going when the network drops. The watch records its own samples on the same whole
// seconds as the phone: cadence when its motion sensor counts steps, and nothing it did not
// measure (a browser has no heart-rate sensor, so a real run gets no heart rate from here; a run
// the person chose to simulate on the phone is marked simulated, and only then does the watch
// make up a heart rate from the plan's effort). It keeps them in localStorage and sends them over
// the live channel (`tempo.samples`) when it can; the server merges by time, so a batch sent
// twice changes nothing.
import { t } from "./i18n.js";
import { LiveChannel, showLiveStatus } from "./live.js";
import { ScreenWakeLock } from "./wake-lock.js";
import { BluetoothSensor } from "./tempo-sensors.js";
import {
  SampleQueue, StepDetector, cadenceUnit, clock, isoSeconds, newId, noteSource, paceText, planPosition, roundText, sourcesOf,
  speedForCadence, wholeSecond,
} from "./tempo-run-common.js";

const STORE = "cadence.tempo.watchRun";
const $ = (id) => document.getElementById(id);
const errorBox = $("watch-error");
let run = JSON.parse(localStorage.getItem(STORE) || "null"); // {id, activity, startedAt, segments, state, own, lastSample, simulated}
let queue = run ? new SampleQueue(run.id, "watch") : null;
let inflight = null; // {id, times, at}
let shownIndex = null;
const screenOn = new ScreenWakeLock(); // the watch records the run while its screen is on
const heartStrap = new BluetoothSensor("heartRate", () => showStrap());
let lastSecond = 0;
const steps = new StepDetector();

const live = new LiveChannel({
  onStatus(state) {
    showLiveStatus(state, {
      connecting: t("tempo.run.watch.connecting"), online: t("tempo.run.watch.online"), offline: t("tempo.run.watch.offline"),
      revoked: t("tempo.run.watch.revoked"),
    });
    if (state !== "online") inflight = null; // resent by the channel when it is back; acknowledged then
  },
});
window.cadenceWatchLive = live; // for tests that cut the network

function fail(message) {
  errorBox.textContent = message;
  errorBox.hidden = false;
}

function save() {
  if (run) localStorage.setItem(STORE, JSON.stringify(run));
  else localStorage.removeItem(STORE);
}

async function getJSON(path) {
  const response = await fetch(path, { credentials: "same-origin" });
  if (!response.ok) {
    const body = await response.json().catch(() => null);
    const error = new Error(body?.error?.message || `The server answered ${response.status}.`);
    error.status = response.status;
    throw error;
  }
  return response.json();
}

/** Takes up a run: its plan's segments and start, from the server. */
async function adopt(id, state = null) {
  if (run && run.id === id) {
    if (state) run.state = state;
    save();
    return;
  }
  try {
    const body = await getJSON(`/api/v1/tempo/runs/${id}`);
    if (body.run.status !== "recording") return;
    run = { id, activity: body.run.activity, startedAt: Date.parse(body.run.startedAt), segments: body.plan?.segments || [],
      state, own: false, lastSample: null, name: body.run.name, simulated: body.run.simulated === true };
    queue = new SampleQueue(id, "watch");
    shownIndex = null;
    save();
    render();
  } catch { /* offline: the next state or hello tries again */ }
}

/** After (re)connecting: the newest run still recording, if any. */
async function findRun() {
  try {
    const list = await getJSON("/api/v1/tempo/runs");
    const recording = list.find((r) => r.status === "recording" && Date.now() - Date.parse(r.startedAt) < 12 * 3600 * 1000);
    if (recording) await adopt(recording.id.toLowerCase(), run?.id === recording.id.toLowerCase() ? run.state : null);
    else if (run && !run.own && !list.some((r) => r.id.toLowerCase() === run.id && r.status === "recording")) finishLocally();
  } catch { /* offline */ }
}

function finishLocally() {
  if (queue && queue.size) return; // keep it until its samples are sent
  run = null;
  queue = null;
  save();
  render();
}

function activeSeconds(now = Date.now()) {
  const state = run.state || {};
  let paused = state.pausedMs || 0;
  if (state.paused && state.pausedAt) paused += now - state.pausedAt;
  return Math.max(0, (now - (state.startedAt || run.startedAt) - paused) / 1000);
}

/** What the watch has now: cadence from its motion sensor, a heart rate from a paired strap (or, only in a
 * simulated run, the simulator's). */
function reading(at) {
  // Cadence only from a real step count: the phone's (simulated or measured) cadence is not overwritten by a guess.
  const counted = steps.cadence();
  const strapHr = heartStrap.heartRate();
  const hr = strapHr ?? (run.simulated ? simulatedHeartRate(at) : null);
  return {
    hr, cadence: counted === null ? null : Math.round(counted),
    // Where each measured reading came from, kept with the run (the simulator measures nothing).
    hrSource: strapHr !== null ? `${heartStrap.name} (Bluetooth, on the watch)` : null,
    cadenceSource: counted !== null ? "the watch's motion sensor" : null,
  };
}


/** The strap button and what the strap says (only where the browser has Web Bluetooth). */
function showStrap() {
  const button = $("watch-connect-hr");
  button.hidden = !BluetoothSensor.available();
  button.textContent = heartStrap.connected ? t("tempo.run.watch.strap", { name: heartStrap.name }) : t("tempo.run.watch.connect_hr");
}

/** The simulator's heart rate: rises with the plan's effort. Never used unless the run is marked simulated. */
function simulatedHeartRate(at) {
  const planned = at && !at.done ? at.cadence : run.state?.targetCadence || 160;
  const effort = Math.max(0, Math.min(1, (planned - (run.activity === "cycling" ? 60 : run.activity === "walking" ? 95 : 145)) / 45));
  return Math.round(105 + 65 * effort + 3 * Math.sin(Date.now() / 7000));
}

function record(now) {
  const second = wholeSecond(now);
  if (!run || run.state?.ended || second < run.startedAt) return;
  const at = planPosition(run.segments, activeSeconds(now));
  const r = reading(at);
  let t = Math.max(run.startedAt, run.lastSample === null ? second : run.lastSample + 1000, second - 30000);
  for (; t <= second; t += 1000) {
    // A sample with only its time still says the watch was recording then.
    const sample = { t };
    if (r.hr !== null) sample.hr = r.hr;
    if (!run.state?.paused && r.cadence !== null) sample.cadence = r.cadence;
    queue.add(sample);
  }
  if (r.hr !== null) noteSource(run, "heartRate", r.hrSource);
  if (r.cadence !== null) noteSource(run, "cadence", r.cadenceSource);
  run.lastSample = second;
  run.mine = r;
  save();
}

function flush() {
  if (!run || !queue || !queue.size || live.socket?.readyState !== WebSocket.OPEN) return;
  if (inflight && Date.now() - inflight.at < 20000) return;
  const batch = queue.take(300);
  const id = live.send("tempo.samples", { runId: run.id, samples: batch, sources: sourcesOf(run) });
  inflight = { id, times: batch.map((s) => s.t), at: Date.now(), runId: run.id };
}

live.on("ack", (data) => {
  if (!inflight || data.id !== inflight.id) return;
  if (queue && run?.id === inflight.runId) queue.remove(inflight.times);
  inflight = null;
  if (run?.state?.ended && !run.own && queue && !queue.size) finishLocally();
  else flush();
});
live.on("error", (data) => {
  if (!inflight || data.id !== inflight.id) return;
  fail(data.message || t("tempo.run.watch.refused"));
  if (queue) queue.remove(inflight.times); // refused now, refused again: do not loop
  inflight = null;
});
live.on("tempo.run.state", (data) => {
  const id = data.runId?.toLowerCase();
  if (!id) return;
  if (data.ended && data.saved) {
    if (run?.id === id) { run.state = { ...(run.state || {}), ...data }; save(); finishLocally(); }
    return;
  }
  if (run && run.id === id) {
    run.state = data;
    save();
    render();
  } else adopt(id, data);
});
live.on("hello", () => { findRun(); flush(); });

function control(action) {
  if (!run) return;
  if (run.own) {
    ownControl(action);
    return;
  }
  live.send("tempo.run.control", { runId: run.id, action });
  // Shown at once; the phone's next state confirms it.
  const state = run.state || { startedAt: run.startedAt, pausedMs: 0 };
  if (action === "pause" && !state.paused) { state.paused = true; state.pausedAt = Date.now(); }
  if (action === "resume" && state.paused) { state.pausedMs = (state.pausedMs || 0) + (Date.now() - (state.pausedAt || Date.now())); state.paused = false; state.pausedAt = null; }
  run.state = state;
  save();
  render();
}

// ---- A run started here (no phone playing): the watch keeps its own state and finishes it. ----
async function startHere() {
  errorBox.hidden = true;
  const planId = $("watch-plan").value || undefined;
  const id = newId();
  const startedAt = wholeSecond(Date.now());
  await steps.start();
  const response = await fetch("/api/v1/tempo/runs", {
    method: "POST", credentials: "same-origin", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ id, startedAt: isoSeconds(startedAt), planId }),
  }).catch(() => null);
  if (!response) return fail(t("tempo.run.watch.unreachable"));
  const body = await response.json().catch(() => null);
  if (!response.ok) return fail(body?.error?.message || t("tempo.util.server_answered", { status: response.status }));
  run = { id, activity: body.activity, startedAt, segments: [], own: true, lastSample: null, name: body.name, simulated: false,
    state: { startedAt, pausedMs: 0, paused: false, pausedAt: null, pauses: [] } };
  queue = new SampleQueue(id, "watch");
  save();
  await adopt(id); // fetch the plan's segments
  run.own = true;
  try {
    run.segments = (await getJSON(`/api/v1/tempo/runs/${id}`)).plan?.segments || [];
  } catch { /* keep none */ }
  save();
  render();
}

async function ownControl(action) {
  const state = run.state;
  if (action === "pause" && !state.paused) { state.paused = true; state.pausedAt = Date.now(); }
  else if (action === "resume" && state.paused) {
    state.pauses = [...(state.pauses || []), { start: state.pausedAt, end: Date.now() }];
    state.pausedMs += Date.now() - state.pausedAt; state.paused = false; state.pausedAt = null;
  } else if (action === "end") {
    record(Date.now());
    const endedAt = Date.now();
    if (state.paused) state.pauses = [...(state.pauses || []), { start: state.pausedAt, end: endedAt }];
    state.ended = true;
    save();
    flush();
    const response = await fetch(`/api/v1/tempo/runs/${run.id}/finish`, {
      method: "POST", credentials: "same-origin", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ endedAt: isoSeconds(endedAt), pauses: (state.pauses || []).map((p) => ({ start: isoSeconds(p.start), end: isoSeconds(p.end) })) }),
    }).catch(() => null);
    if (!response || !response.ok) fail(t("tempo.run.watch.kept_here"));
    else {
      // Say so to the account's other devices (the phone's start page shows the run until it ends).
      if (live.socket?.readyState === WebSocket.OPEN) live.send("tempo.run.state", { runId: run.id, ...state, ended: true });
      run.own = false;
      finishLocally();
    }
  }
  save();
  render();
}

function render() {
  screenOn.keep(run && !run.state?.ended);
  $("watch-idle").hidden = !!run && !run.state?.ended;
  $("watch-run").hidden = !run || !!run.state?.ended;
  document.body.dataset.runId = run?.id || "";
  if (!run || run.state?.ended) {
    $("watch-idle-heading").textContent = t(run?.state?.ended ? "tempo.run.watch.ended" : "tempo.run.watch.no_run");
    return;
  }
  const state = run.state || {};
  const elapsed = activeSeconds();
  const at = planPosition(run.segments, elapsed);
  const name = at ? (at.done ? t("tempo.run.now.plan_complete") : at.segment.name) : state.interval || t("tempo.run.now.free_run");
  const heading = $("watch-interval");
  const round = at?.segment ? roundText(at.segment) : "";
  const text = round ? `${name} ${round}` : name;
  if (heading.textContent !== text) heading.textContent = text;
  $("watch-time-left").textContent = at && !at.done ? clock(at.left) : clock(elapsed);
  $("watch-next").textContent = at?.next ? t("tempo.run.watch.next", { name: at.next.name }) : at && !at.done ? t("tempo.run.now.last_interval") : "";
  const mine = run.mine || {};
  const pace = state.pace ?? (mine.cadence ? 1000 / speedForCadence(run.activity, mine.cadence) : null);
  $("watch-pace").textContent = paceText(run.activity, pace);
  $("watch-hr").textContent = mine.hr ?? state.hr ?? "–";
  // A simulated run's heart rate is made up: the label says so (a strap's reading is real, simulated run or not).
  $("watch-hr-label").textContent = t(run.simulated && heartStrap.heartRate() === null ? "tempo.run.watch.sim_hr" : "tempo.run.watch.hr");
  $("watch-cadence").textContent = state.cadence ?? mine.cadence ?? "–";
  $("watch-cadence-label").textContent = run.activity === "cycling" ? cadenceUnit(run.activity) : t("tempo.run.watch.cadence");
  $("watch-elapsed").textContent = clock(elapsed);
  $("watch-pause").textContent = t(state.paused ? "tempo.run.watch.resume" : "tempo.run.watch.pause");
  $("watch-skip").textContent = t(run.own ? "tempo.run.watch.end" : "tempo.run.watch.skip");
  const pending = queue?.size || 0;
  $("watch-sync").textContent = pending > 2 ? t("tempo.run.watch.to_sync", { count: pending }) : "";
  document.body.dataset.samplesPending = String(pending);
  document.body.dataset.interval = at?.segment ? String(at.index) : "";
  if (at?.segment && shownIndex !== at.index) {
    if (shownIndex !== null) {
      if (navigator.vibrate) navigator.vibrate([200, 100, 200]);
      heading.classList.remove("cue-changed");
      void heading.offsetWidth;
      heading.classList.add("cue-changed");
    }
    shownIndex = at.index;
  }
}

async function loadPlans() {
  try {
    const plans = await getJSON("/api/v1/tempo/plans");
    for (const body of plans) {
      const option = document.createElement("option");
      option.value = body.plan.id.toLowerCase();
      option.textContent = body.plan.name;
      $("watch-plan").append(option);
    }
  } catch { /* offline */ }
}

$("watch-pause").addEventListener("click", () => control(run?.state?.paused ? "resume" : "pause"));
$("watch-skip").addEventListener("click", () => control(run?.own ? "end" : "skip"));
$("watch-start").addEventListener("click", startHere);

setInterval(() => {
  const now = Date.now();
  if (run && wholeSecond(now) !== lastSecond) {
    lastSecond = wholeSecond(now);
    record(now);
    if (run.own && live.socket?.readyState === WebSocket.OPEN && lastSecond % 2000 === 0) {
      const at = planPosition(run.segments, activeSeconds(now));
      live.send("tempo.run.state", { runId: run.id, ...run.state, elapsed: Math.round(activeSeconds(now)), activity: run.activity,
        interval: at?.segment?.name ?? null, timeLeft: at && !at.done ? Math.round(at.left) : null, hr: run.mine?.hr ?? null,
        cadence: run.mine?.cadence ?? null });
    }
  }
  render();
}, 250);
setInterval(flush, 3000);
render();
loadPlans();
live.connect();

$("watch-connect-hr").addEventListener("click", () => {
  heartStrap.connect().catch((error) => {
    if (error?.name !== "NotFoundError") fail(t("tempo.run.watch.connect_failed", { reason: error?.message || error }));
  });
});
showStrap();
