// The live run on the phone (M4): start a run from a plan (and a playlist), play the songs
// beat-matched with playbackRate + preservesPitch, follow the runner's cadence (motion sensor,
// the watch, or the simulator) and the plan otherwise, record 1 Hz samples stamped on whole
// seconds, queue them in localStorage and send them every few seconds, publish the run's state
// for the watch and obey its pause/resume/skip/end. The run survives a reload of the page.
// A run started with the simulator on is marked simulated (its readings are made up), and the
// simulator stays on or off until the run ends.
import { metresBetween } from "./geo.js";
import { LiveChannel, showLiveStatus } from "./live.js";
import { plural, t } from "./i18n.js";
import { api, showError } from "./tempo-util.js";
import {
  SampleQueue, StepDetector, isoSeconds, newId, noteSource, planPosition, sourcesOf, speedForCadence, wholeSecond, zoneNow,
} from "./tempo-run-common.js";
import { FollowMusic } from "./tempo-run-follow.js";
import { RunMusic } from "./tempo-run-music.js";
import { showEnded, showPhase, showRunNow } from "./tempo-run-now.js";
import { loadPlans, loadPlaylists, showRunElsewhere } from "./tempo-run-setup.js";
import { RunSimulator } from "./tempo-run-simulator.js";
import { httpsMissing, sayHTTPSMissing } from "./secure-context.js";
import { ScreenWakeLock } from "./wake-lock.js";
import { BluetoothSensor } from "./tempo-sensors.js";
import { ACTIVE, finishRun } from "./tempo-run-finish.js";

/** After End, the run is saved by itself this many seconds later unless the runner chooses to keep going. */
const AUTO_SAVE_SECONDS = 10;
const $ = (id) => document.getElementById(id);
const root = $("live-run");
const errorBox = $("run-error");
const audio = $("run-audio");

let run = JSON.parse(localStorage.getItem(ACTIVE) || "null"); // {id, activity, startedAt, pauses, pausedAt, endedAt, planId, playlistId, songIndex, distance, last, simulated}
let segments = [];
let heartRateZones = [];   // the profile's zones ({zone, low, high}); empty without a maximum heart rate
let queue = null;
let music = new RunMusic(audio, $("run-song"));
const sim = new RunSimulator();
let lastSecond = 0;
const screenOn = new ScreenWakeLock(); // the run is recorded, and its music steered, while the screen is on
const heartStrap = new BluetoothSensor("heartRate", showSensors);
const footPod = new BluetoothSensor("footPod", showSensors);
let lastPublished = 0;
let lastPublishedKey = "";
let watchSample = null;    // the newest sample from another device {at, hr, cadence}
let watchSeen = false;
let sensorCadence = null;
let position = null;       // {lat, lon, ele, at} from geolocation
let geoWatch = null;
let flushing = null; // the samples' send under way, if any
const steps = new StepDetector();

const live = new LiveChannel({
  onStatus(state) {
    showLiveStatus(state, {
      connecting: t("tempo.run.live.connecting"), online: t("tempo.run.live.online"), offline: t("tempo.run.live.offline"),
      revoked: t("tempo.run.live.revoked"),
    });
  },
});

function fail(error) {
  showError(errorBox, error);
}

function save() {
  if (run) localStorage.setItem(ACTIVE, JSON.stringify(run));
  else localStorage.removeItem(ACTIVE);
}

// ---- Starting and resuming ----
async function start(event) {
  event.preventDefault();
  errorBox.hidden = true;
  $("run-start").disabled = true;
  const planId = $("run-plan").value || undefined;
  const follow = $("run-playlist").value === "follow";
  const playlistId = follow ? undefined : $("run-playlist").value || undefined;
  const startedAt = wholeSecond(Date.now());
  const id = newId();
  // Ask for the sensors now, inside the tap (iOS wants a gesture for motion).
  const motion = await steps.start();
  try {
    const simulated = sim.on.checked;
    const made = await api("POST", "/runs", { id, startedAt: isoSeconds(startedAt), planId, playlistId, simulated });
    run = { id, activity: made.activity, name: made.name, startedAt, pauses: [], pausedAt: null, endedAt: null, planId, playlistId,
      songIndex: 0, distance: 0, last: null, motion, simulated: made.simulated === true, follow };
    save();
  } catch (error) {
    $("run-start").disabled = false;
    fail(error);
    return;
  }
  await enterRun();
}

async function enterRun() {
  $("run-elsewhere").hidden = true;
  queue = new SampleQueue(run.id, "phone");
  try {
    const body = await api("GET", `/runs/${run.id}`);
    segments = body.plan?.segments || [];
    // Zones let heart rate steer the music; a run goes on without them.
    heartRateZones = await api("GET", "/profile").then((p) => p.heartRateZones || [], () => []);
    run.activity = body.run.activity;
    run.simulated = body.run.simulated === true;
    if (body.run.status === "finished") {
      // Saved already (by another tab): nothing left to do here.
      const id = run.id;
      run = null;
      save();
      location.assign(`/phone/tempo/runs/${id}`);
      return;
    }
  } catch (error) {
    if (error.status === 404) {
      run = null;
      save();
      location.reload();
      return;
    }
    fail(error); // offline: go on with what we have
  }
  if (run.follow) {
    // No playlist: songs chosen by the cadence as the run goes (from the activity's zone 2 until a reading comes).
    music = new FollowMusic(audio, $("run-audio-b"), $("run-song"), run.activity === "cycling" ? 80 : run.activity === "walking" ? 108 : 160);
    try {
      music.follow(await api("GET", "/songs"));
    } catch (error) {
      fail(error);
    }
  } else if (run.playlistId) {
    try {
      const [playlist, mix] = await Promise.all([api("GET", `/playlists/${run.playlistId}`),
        api("GET", `/playlists/${run.playlistId}/mix`).catch(() => null)]);
      music.load(playlist, mix);
    } catch (error) {
      fail(error);
    }
  }
  $("run-setup").hidden = true;
  $("run-now").hidden = false;
  $("live-title").textContent = run.name || t("tempo.run.live.run");
  $("run-cadence-label").textContent = t(run.activity === "cycling" ? "tempo.run.live.cadence_rpm" : "tempo.run.live.cadence");
  root.dataset.runId = run.id;
  document.body.dataset.runId = run.id;
  sim.refresh(run);
  $("run-simulated").hidden = !run.simulated;
  if (!run.simulated) startGeolocation();
  if (run.endedAt) {
    // Ended and left without an answer (a reload, the phone put away): it is saved now, not asked again.
    showEnded(run, activeSeconds());
    saveRun();
  } else if (!run.pausedAt) playSong(run.songIndex, true);
  showPhase(run);
  // The ticker has been rendering while the run loaded, without its music: show the run as it is now, not at the
  // next whole second, so the view never appears with a tempo of "–" beside a song that is playing.
  lastSecond = 0;
  tick();
}

function startGeolocation() {
  if (geoWatch !== null || !navigator.geolocation || httpsMissing) return;
  geoWatch = navigator.geolocation.watchPosition(
    (p) => { position = { lat: p.coords.latitude, lon: p.coords.longitude, ele: p.coords.altitude ?? undefined, at: Date.now() }; },
    () => { $("run-sensors").textContent = t("tempo.run.live.no_position"); },
    { enableHighAccuracy: true, maximumAge: 1000 });
}

const playSong = (index, resume = false) => music.play(run, index, resume, save);
audio.addEventListener("ended", () => { if (run && !run.follow) playSong(run.songIndex + 1); });

// ---- Pause, skip, end, save ----
function activeSeconds(now = Date.now()) {
  if (!run) return 0;
  const until = run.endedAt || now;
  let paused = run.pauses.reduce((sum, p) => sum + (p.end - p.start), 0);
  if (run.pausedAt) paused += until - run.pausedAt;
  return Math.max(0, (until - run.startedAt - paused) / 1000);
}

function pause() {
  if (!run || run.pausedAt || run.endedAt) return;
  run.pausedAt = Date.now();
  music.pause();
  save();
  showPhase(run);
  publish(true);
  reportPauses();
}

function resume() {
  if (!run || !run.pausedAt || run.endedAt) return;
  run.pauses.push({ start: run.pausedAt, end: Date.now() });
  run.pausedAt = null;
  save();
  playSong(run.songIndex, true);
  showPhase(run);
  publish(true);
  reportPauses();
}

function skip() {
  if (!run || run.endedAt || !music.entries.length) return;
  playSong(run.songIndex + 1);
  publish(true);
}

function end() {
  if (!run || run.endedAt) return;
  recordUpTo(Date.now());
  run.endedAt = Date.now();
  if (run.pausedAt) {
    run.pauses.push({ start: run.pausedAt, end: run.endedAt });
    run.pausedAt = null;
  }
  music.pause();
  save();
  showEnded(run, activeSeconds());
  startAutoSave();
  publish(true);
  reportPauses();
}

function keepGoing() {
  if (!run || !run.endedAt) return;
  clearInterval(autoSave);
  $("run-autosave").textContent = "";
  run.pauses.push({ start: run.endedAt, end: Date.now() });
  run.endedAt = null;
  save();
  $("run-save-box").hidden = true;
  for (const id of ["run-pause", "run-skip", "run-end"]) $(id).disabled = false;
  document.body.dataset.runPhase = "running";
  playSong(run.songIndex, true);
  publish(true);
  reportPauses();
}

// The server times the plan's notifications for the wrist by the run's pauses (issue 37), so it hears of each
// change: the pauses so far, the last one open while the run stands paused or ended. Sent again each second until
// the server has the newest (offline, or the request failed).
let pausesReported = null; // the JSON the server has
let pausesReporting = false;

function pausesNow() {
  const pauses = run.pauses.filter((p) => p.end > p.start).map((p) => ({ start: new Date(p.start).toISOString(), end: new Date(p.end).toISOString() }));
  const open = run.pausedAt ?? run.endedAt;
  if (open) pauses.push({ start: new Date(open).toISOString() });
  return JSON.stringify({ pauses });
}

async function reportPauses() {
  if (!run || pausesReporting || !run.planId) return;
  const body = pausesNow();
  if (body === (pausesReported ?? run.pausesReported)) return;
  pausesReporting = true;
  try {
    await api("PUT", `/runs/${run.id}/pauses`, JSON.parse(body));
    pausesReported = body;
    if (run) {
      run.pausesReported = body;
      save();
    }
  } catch (error) {
    // Refused (a saved run, a clock gone wrong): said once, not sent again; anything else is tried again.
    if (error.status === 400 || error.status === 409) pausesReported = body;
    if (error.status === 400) fail(error);
  } finally {
    pausesReporting = false;
  }
}

// Saving is what ending a run leads to (issue 39): Save does it at once, the countdown after End does it by itself,
// and a run found ended when the page opens (left at its question) is saved straight away.
let autoSave = null;

function startAutoSave() {
  clearInterval(autoSave);
  let left = AUTO_SAVE_SECONDS;
  const say = () => ($("run-autosave").textContent = plural("tempo.run.live.saving_in", left));
  say();
  autoSave = setInterval(() => {
    left -= 1;
    if (left > 0) return say();
    clearInterval(autoSave);
    saveRun();
  }, 1000);
}

async function saveRun() {
  clearInterval(autoSave);
  $("run-autosave").textContent = "";
  if (!run?.endedAt) return;
  const button = $("run-save");
  if (button.disabled) return; // a save is under way
  button.disabled = true;
  errorBox.hidden = true;
  $("run-sync").textContent = t("tempo.run.live.saving");
  await flush(true);
  try {
    await finishRun(run, queue);
  } catch (error) {
    button.disabled = false;
    fail(error.status ? error : plural("tempo.run.live.unsent", queue.size));
    return;
  }
  const id = run.id;
  if (live.socket?.readyState === WebSocket.OPEN) live.send("tempo.run.state", { runId: id, ended: true, saved: true });
  queue.clear();
  run = null;
  save();
  sim.refresh(run);
  location.assign(`/phone/tempo/runs/${id}`);
}

// ---- Sensors, samples and the tempo, once a second ----
function freshWatch(field) {
  return watchSample && Date.now() - watchSample.at < 5000 && Number.isFinite(watchSample[field]) ? watchSample[field] : null;
}

/** What the runner does now: from the simulator, the motion sensor or the watch. */
function measure() {
  const simulated = run?.simulated ? sim.values() : null;
  const podCadence = footPod.cadence();
  sensorCadence = simulated?.cadence ?? podCadence ?? steps.cadence() ?? freshWatch("cadence");
  const time = simulated || podCadence !== null || steps.cadence() !== null ? Date.now() : watchSample?.at ?? Date.now();
  // A strap measures; the watch relays its own reading once it takes part; the simulator only without either.
  const strapHr = heartStrap.heartRate();
  const hr = strapHr ?? freshWatch("hr") ?? (watchSeen ? null : simulated?.hr ?? null);
  const hrSource = strapHr !== null ? heartStrap.name : freshWatch("hr") !== null ? "watch" : hr !== null ? "simulated" : null;
  // What the music follows, by name (the page says it in its language).
  let source = "plan";
  if (simulated?.cadence) source = "simulator";
  else if (podCadence !== null) source = "foot_pod";
  else if (steps.cadence() !== null) source = "steps";
  else if (freshWatch("cadence") !== null) source = "watch";
  // Kept with the run: what measured each reading (the simulator and the plan measure nothing; the watch reports
  // its own sensors with its own samples).
  const sources = {
    heartRate: strapHr !== null ? `${heartStrap.name} (Bluetooth)` : null,
    cadence: simulated?.cadence ? null : podCadence !== null ? `${footPod.name} (Bluetooth footpod)`
      : steps.cadence() !== null ? "the phone's motion sensor" : null,
  };
  return { cadence: sensorCadence, hr, hrSource, simulated, source, sources, time };
}

/** Records the seconds from the last one recorded up to `now` (a late timer leaves no gap). */
function recordUpTo(now) {
  if (!run || run.endedAt) return;
  const second = wholeSecond(now);
  // A late timer leaves no gap; a page closed for long is not filled in (at most 30 s).
  let t = Math.max(run.startedAt, run.last === null ? run.startedAt : run.last + 1000, second - 30000);
  const reading = measure();
  for (; t <= second; t += 1000) recordSecond(t, reading);
}

function recordSecond(t, reading) {
  const paused = !!run.pausedAt;
  const sample = { t };
  if (reading.simulated && !paused) {
    const pace = reading.simulated.pace ?? 1000 / speedForCadence(run.activity, reading.simulated.cadence || 160);
    run.distance += 1000 / pace;
  }
  if (reading.simulated) {
    // The simulated runner goes north along a meridian from a fixed start.
    sample.lat = Number((48.8566 + run.distance / 111195).toFixed(7));
    sample.lon = 2.3522;
    sample.ele = 35;
  } else if (position && Date.now() - position.at < 10000) {
    if (run.lastPosition && !paused) run.distance += metresBetween(run.lastPosition.lat, run.lastPosition.lon, position.lat, position.lon);
    run.lastPosition = { lat: position.lat, lon: position.lon };
    sample.lat = position.lat;
    sample.lon = position.lon;
    if (Number.isFinite(position.ele)) sample.ele = position.ele;
  }
  if (!paused) {
    if (reading.cadence !== null) sample.cadence = Math.round(reading.cadence);
    if (music.tempo) sample.tempo = Math.round(music.tempo * 10) / 10;
  }
  if (reading.hr !== null) sample.hr = Math.round(reading.hr);
  if (sample.hr !== undefined) noteSource(run, "heartRate", reading.sources.heartRate);
  if (sample.cadence !== undefined) noteSource(run, "cadence", reading.sources.cadence);
  queue.add(sample);
  run.last = t;
  save();
}

function currentPace(reading) {
  if (reading.simulated?.pace) return reading.simulated.pace;
  if (reading.cadence) return 1000 / speedForCadence(run.activity, reading.cadence);
  return null;
}

function tick() {
  screenOn.keep(run && !run.endedAt);
  if (!run) return;
  const now = Date.now();
  const second = wholeSecond(now);
  const elapsed = activeSeconds(now);
  const at = planPosition(segments, elapsed);
  if (second !== lastSecond) {
    lastSecond = second;
    const reading = measure();
    if (!run.pausedAt && !run.endedAt) {
      const zone = zoneNow(at);
      music.step(run, at && !at.done ? at.cadence : null, reading, heartRateZones.find((z) => z.zone === zone) ?? null);
    }
    recordUpTo(now);
    render(at, elapsed, reading);
    publish(false, at, elapsed, reading);
    reportPauses();
  }
}

function render(at, elapsed, reading) {
  showRunNow(run, at, elapsed, reading, {
    music, pace: currentPace(reading), pending: queue.size, root,
  });
}

/** The state the watch shows: every 2 s, and at once on a change (pause, interval, end). */
function publish(force, at, elapsed, reading) {
  if (!run || live.socket?.readyState !== WebSocket.OPEN) return;
  const now = Date.now();
  elapsed = elapsed ?? activeSeconds(now);
  at = at ?? planPosition(segments, elapsed);
  reading = reading ?? measure();
  const key = `${at?.index}|${!!run.pausedAt}|${!!run.endedAt}|${run.songIndex}`;
  if (!force && key === lastPublishedKey && now - lastPublished < 2000) return;
  lastPublished = now;
  lastPublishedKey = key;
  const paused = run.pauses.reduce((sum, p) => sum + (p.end - p.start), 0);
  const pace = currentPace(reading);
  live.send("tempo.run.state", {
    runId: run.id, activity: run.activity, startedAt: run.startedAt, pausedMs: paused, pausedAt: run.pausedAt, paused: !!run.pausedAt,
    ended: !!run.endedAt, elapsed: Math.round(elapsed), interval: at?.segment?.name ?? (at?.done ? t("tempo.run.now.plan_complete") : t("tempo.run.now.free_run")),
    intervalIndex: at?.segment ? at.index : null, timeLeft: at && !at.done ? Math.round(at.left) : null,
    next: at?.next?.name ?? null, targetCadence: at && !at.done ? Math.round(at.cadence) : null,
    targetPace: at && !at.done ? Math.round(1000 / speedForCadence(run.activity, at.cadence)) : null,
    pace: pace ? Math.round(pace) : null, cadence: reading.cadence !== null ? Math.round(reading.cadence) : null,
    hr: reading.hr !== null ? Math.round(reading.hr) : null, tempo: music.tempo ? Math.round(music.tempo) : null, tempoSource: music.rule.output?.source ?? null,
    distance: Math.round(run.distance), song: music.entries[run.songIndex]?.song.title ?? null,
  });
}

/** Sends queued samples over HTTP, oldest first; only what the server acknowledged leaves the queue. */
async function flush(all = false) {
  if (!queue) return;
  if (flushing) {
    if (!all) return; // the periodic send: one is under way already
    await flushing.catch(() => {}); // saving: let it finish (it may have taken the samples), then send the rest
  }
  flushing = sendQueued(all);
  try {
    await flushing;
  } finally {
    flushing = null;
  }
}

async function sendQueued(all) {
  try {
    do {
      const batch = queue.take(500);
      if (!batch.length) break;
      await api("POST", `/runs/${run.id}/samples`, { samples: batch, sources: sourcesOf(run) });
      queue.remove(batch.map((s) => s.t));
    } while (all);
  } catch (error) {
    if (error.status === 400) fail(error);
  }
}

// ---- Wiring ----
live.on("tempo.run.control", (data) => {
  if (!run || data.runId?.toLowerCase() !== run.id) return;
  ({ pause, resume, skip, end })[data.action]?.();
});
live.on("tempo.run.sample", (data) => {
  if (!run || data.runId?.toLowerCase() !== run.id) return;
  // Our own samples come back too (the HTTP path does not publish, the live one does); the
  // watch's carry heart rate or cadence without a position.
  if (data.lat !== undefined && data.lat !== null) return;
  watchSample = { at: Date.now(), hr: data.hr ?? null, cadence: data.cadence ?? null };
  if (Number.isFinite(data.hr)) watchSeen = true;
});
live.on("hello", () => publish(true));
// The watch publishes the state of a run it started: when it ends, the notice goes.
live.on("tempo.run.state", (data) => {
  if (run || !data.runId) return;
  const notice = $("run-elsewhere");
  if (data.ended || notice.hidden || notice.dataset.runId !== data.runId.toLowerCase()) showRunElsewhere(run);
});

$("run-setup").addEventListener("submit", start);
$("run-plan").addEventListener("change", () => loadPlaylists(root, fail));
$("run-pause").addEventListener("click", () => (run?.pausedAt ? resume() : pause()));
$("run-skip").addEventListener("click", skip);
$("run-end").addEventListener("click", end);
$("run-save").addEventListener("click", saveRun);
$("run-resume-after-end").addEventListener("click", keepGoing);

sim.restore(() => run);
live.connect();
/** The sensors panel, where the browser has Web Bluetooth: connect buttons, and what each sensor says now. */
function showSensors() {
  const status = [heartStrap, footPod].filter((sensor) => sensor.name).map((sensor) => {
    if (!sensor.connected) return t("tempo.run.live.sensor_disconnected", { name: sensor.name });
    const value = sensor.kind === "heartRate" ? sensor.heartRate() : sensor.cadence();
    if (value === null) return t("tempo.run.live.sensor_waiting", { name: sensor.name });
    return t(sensor.kind === "heartRate" ? "tempo.run.live.sensor_bpm" : "tempo.run.live.sensor_steps", { name: sensor.name, value });
  });
  $("sensor-status").textContent = status.join(" · ");
}

for (const [id, sensor] of [["connect-heart-rate", heartStrap], ["connect-foot-pod", footPod]]) {
  $(id).addEventListener("click", () => {
    sensor.connect().catch((error) => {
      // The person closed the chooser: nothing to say. Anything else is worth a line.
      if (error?.name !== "NotFoundError") $("sensor-status").textContent = t("tempo.run.live.connect_failed", { reason: error?.message || error });
    });
  });
}
if (httpsMissing) {
  // Straps, step counting and the position all need HTTPS: one line says so instead of three failures.
  $("sensors-panel").hidden = false;
  for (const id of ["connect-heart-rate", "connect-foot-pod"]) $(id).hidden = true;
  sayHTTPSMissing($("sensor-status"), "sensors");
} else {
  $("sensors-panel").hidden = !BluetoothSensor.available();
}

setInterval(tick, 200);
setInterval(() => { if (run) flush(); }, 3000);
if (run) enterRun();
else { loadPlans(root, fail); showRunElsewhere(run); }
