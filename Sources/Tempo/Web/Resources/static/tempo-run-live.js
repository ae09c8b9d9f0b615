// The live run on the phone (M4): start a run from a plan (and a playlist), play the songs
// beat-matched with playbackRate + preservesPitch, follow the runner's cadence (motion sensor,
// the watch, or the simulator) and the plan otherwise, record 1 Hz samples stamped on whole
// seconds, queue them in localStorage and send them every few seconds, publish the run's state
// for the watch and obey its pause/resume/skip/end. The run survives a reload of the page.
// A run started with the simulator on is marked simulated (its readings are made up), and the
// simulator stays on or off until the run ends.
import { metresBetween } from "./geo.js";
import { LiveChannel, showLiveStatus } from "./live.js";
import { api, el, showError } from "./tempo-util.js";
import {
  SampleQueue, StepDetector, cadenceForSpeed, cadenceUnit, clock, isoSeconds, newId, paceText, parsePace,
  planPosition, roundText, speedForCadence, wholeSecond,
} from "./tempo-run-common.js";

const ACTIVE = "cadence.tempo.activeRun";
const SIM = "cadence.tempo.simulator";
const $ = (id) => document.getElementById(id);
const root = $("live-run");
const errorBox = $("run-error");
const audio = $("run-audio");

let run = JSON.parse(localStorage.getItem(ACTIVE) || "null"); // {id, activity, startedAt, pauses, pausedAt, endedAt, planId, playlistId, songIndex, distance, last, simulated}
let segments = [];
let entries = [];          // playlist entries with their song's url
let budget = 0.08;
let queue = null;
// The tempo rule: window.CadenceLiveTempo.step from static/tempo-live-rules.js (the browser's copy of
// Tempo's LiveTempo.swift, held to it by Tests/TempoTests/live-tempo-cases.json), loaded by the page first.
const liveStep = window.CadenceLiveTempo.step;
let rule = { state: null, output: null };
let musicTempo = null;     // the music's tempo as played now (BPM), null without music
let lastSecond = 0;
let lastPublished = 0;
let lastPublishedKey = "";
let shownInterval = null;
let watchSample = null;    // the newest sample from another device {at, hr, cadence}
let watchSeen = false;
let sensorCadence = null;
let position = null;       // {lat, lon, ele, at} from geolocation
let geoWatch = null;
let flushing = false;
const steps = new StepDetector();

const live = new LiveChannel({
  onStatus(state) {
    showLiveStatus(state, { connecting: "Connecting…", online: "Online", offline: "Offline, recording here", revoked: "Signed out" });
  },
});

function fail(error) {
  showError(errorBox, error);
}

function save() {
  if (run) localStorage.setItem(ACTIVE, JSON.stringify(run));
  else localStorage.removeItem(ACTIVE);
}

// ---- Simulator ----
const sim = {
  on: $("sim-on"), cadence: $("sim-cadence"), pace: $("sim-pace"), hr: $("sim-hr"),
  values() {
    const cadence = Number(this.cadence.value), hr = Number(this.hr.value), pace = parsePace(this.pace.value);
    return { cadence: Number.isFinite(cadence) && cadence > 0 ? cadence : null, hr: Number.isFinite(hr) && hr > 0 ? hr : null, pace };
  },
};

function simulatorChanged() {
  // During a run the choice made at its start holds: a run is simulated or it is not.
  if (run) sim.on.checked = !!run.simulated;
  sim.on.disabled = !!run;
  $("sim-locked").hidden = !run;
  $("sim-controls").hidden = !sim.on.checked;
  const { pace } = sim.values();
  const paceInvalid = sim.on.checked && pace === null;
  sim.pace.setAttribute("aria-invalid", String(paceInvalid));
  $("sim-error").hidden = !paceInvalid;
  $("sim-error").textContent = paceInvalid ? "Pace: write minutes and seconds per km, e.g. 5:30 (1:00 to 60:00)." : "";
  localStorage.setItem(SIM, JSON.stringify({ on: sim.on.checked, cadence: sim.cadence.value, pace: sim.pace.value, hr: sim.hr.value }));
  document.body.dataset.simulator = String(sim.on.checked);
}

function restoreSimulator() {
  const stored = JSON.parse(localStorage.getItem(SIM) || "null");
  if (stored) {
    sim.on.checked = !!stored.on;
    if (stored.cadence) sim.cadence.value = stored.cadence;
    if (stored.pace) sim.pace.value = stored.pace;
    if (stored.hr) sim.hr.value = stored.hr;
  }
  for (const input of [sim.on, sim.cadence, sim.pace, sim.hr]) input.addEventListener("input", simulatorChanged);
  sim.on.addEventListener("change", simulatorChanged);
  simulatorChanged();
}

// ---- Setup: plans and playlists ----
/** A run recording on another device (started on the watch) is said on the start page, with a
 * link to it; the phone does not take it over (the watch keeps its own state and ends it). */
async function showRunElsewhere() {
  const notice = $("run-elsewhere");
  if (run) { notice.hidden = true; return; }
  let list;
  try { list = await api("GET", "/runs"); } catch { return; }
  const recording = list.find((r) => r.status === "recording" && Date.now() - Date.parse(r.startedAt) < 12 * 3600 * 1000);
  notice.hidden = !recording;
  if (!recording) return;
  const started = new Date(recording.startedAt).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  notice.replaceChildren(
    `Your watch (or another device) is recording “${recording.name}”, started at ${started}. It is saved to your history when that device ends it. `,
    el("a", { href: recording.url, text: "See it so far" }),
  );
  notice.dataset.runId = recording.id.toLowerCase();
}

async function loadPlans() {
  let plans;
  try {
    plans = await api("GET", "/plans");
  } catch (error) {
    fail(error);
    return;
  }
  const select = $("run-plan");
  for (const body of plans) {
    const id = body.plan.id.toLowerCase();
    select.append(el("option", { value: id, text: `${body.plan.name} (${Math.round(body.totalSeconds / 60)} min, ${body.plan.activity})` }));
  }
  if (root.dataset.planId && plans.some((b) => b.plan.id.toLowerCase() === root.dataset.planId)) select.value = root.dataset.planId;
  else if (plans.length && !root.dataset.planId) select.value = plans[0].plan.id.toLowerCase();
  await loadPlaylists();
}

async function loadPlaylists() {
  const select = $("run-playlist");
  select.replaceChildren(el("option", { value: "", text: "No music" }));
  const planId = $("run-plan").value;
  if (!planId) return;
  try {
    const lists = await api("GET", `/plans/${planId}/playlists`);
    lists.forEach((body, index) => {
      const minutes = Math.round(body.playlist.entries.reduce((s, e) => s + e.duration, 0) / 60);
      select.append(el("option", { value: body.id.toLowerCase(), text: `Playlist ${index + 1}: ${body.playlist.entries.length} songs, ${minutes} min` }));
    });
    const wanted = root.dataset.playlistId;
    if (wanted && lists.some((b) => b.id.toLowerCase() === wanted)) select.value = wanted;
    else if (lists.length) select.value = lists[lists.length - 1].id.toLowerCase();
  } catch (error) {
    fail(error);
  }
}

// ---- Starting and resuming ----
async function start(event) {
  event.preventDefault();
  errorBox.hidden = true;
  $("run-start").disabled = true;
  const planId = $("run-plan").value || undefined;
  const playlistId = $("run-playlist").value || undefined;
  const startedAt = wholeSecond(Date.now());
  const id = newId();
  // Ask for the sensors now, inside the tap (iOS wants a gesture for motion).
  const motion = await steps.start();
  try {
    const simulated = sim.on.checked;
    const made = await api("POST", "/runs", { id, startedAt: isoSeconds(startedAt), planId, playlistId, simulated });
    run = { id, activity: made.activity, name: made.name, startedAt, pauses: [], pausedAt: null, endedAt: null, planId, playlistId,
      songIndex: 0, distance: 0, last: null, motion, simulated: made.simulated === true };
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
  if (run.playlistId) {
    try {
      const body = await api("GET", `/playlists/${run.playlistId}`);
      const urls = new Map(body.songs.map((s) => [s.id.toLowerCase(), s.url]));
      budget = body.playlist.options?.stretchBudget ?? 0.08;
      entries = body.playlist.entries.map((e) => ({ ...e, url: urls.get(e.song.id.toLowerCase()) || `/api/v1/tempo/songs/${e.song.id.toLowerCase()}/file` }));
    } catch (error) {
      fail(error);
    }
  }
  $("run-setup").hidden = true;
  $("run-now").hidden = false;
  $("live-title").textContent = run.name || "Run";
  $("run-cadence-label").textContent = run.activity === "cycling" ? "Cadence (rpm)" : "Cadence";
  root.dataset.runId = run.id;
  document.body.dataset.runId = run.id;
  simulatorChanged();
  $("run-simulated").hidden = !run.simulated;
  if (!run.simulated) startGeolocation();
  if (run.endedAt) showEnded();
  else if (!run.pausedAt) playSong(run.songIndex, true);
  updatePauseButton();
  tick();
}

function startGeolocation() {
  if (geoWatch !== null || !navigator.geolocation) return;
  geoWatch = navigator.geolocation.watchPosition(
    (p) => { position = { lat: p.coords.latitude, lon: p.coords.longitude, ele: p.coords.altitude ?? undefined, at: Date.now() }; },
    () => { $("run-sensors").textContent = "Position is not available: distance comes from the simulator or stays empty."; },
    { enableHighAccuracy: true, maximumAge: 1000 });
}

// ---- Music ----

function playSong(index, resume = false) {
  if (!entries.length) return;
  if (index >= entries.length) {
    run.songIndex = entries.length;
    audio.removeAttribute("src");
    $("run-song").textContent = "The playlist is over.";
    save();
    return;
  }
  run.songIndex = index;
  save();
  const entry = entries[index];
  if (!resume || !audio.src.endsWith(entry.url)) {
    audio.src = entry.url;
    audio.dataset.song = entry.song.id.toLowerCase();
  }
  audio.preservesPitch = true;
  audio.mozPreservesPitch = true;
  if (!resume || rule.state === null) {
    // A new song starts at its planned rate; the rule moves it from there.
    rule = { state: { rate: null, lastCadence: rule.state?.lastCadence ?? null }, output: null };
    audio.playbackRate = Math.max(0.5, Math.min(2, entry.playbackRate));
    audio.dataset.rate = audio.playbackRate.toFixed(4);
  }
  $("run-song").textContent = `♪ ${entry.song.title} (${index + 1} of ${entries.length})`;
  if (!run.pausedAt && !run.endedAt) {
    audio.play().catch(() => {
      // Autoplay refused (no tap yet, e.g. after a reload): the Resume tap starts it.
      $("run-song").textContent = `♪ ${entry.song.title}: tap Pause and Resume to start the music.`;
    });
  }
}

/** The entry playing now, if any. */
function currentEntry() {
  return run && !run.endedAt && run.songIndex < entries.length ? entries[run.songIndex] : null;
}

/** One step of the tempo rule: the song's rate (preservesPitch keeps its key) and the tempo it gives. */
function stepTempo(planCadence, reading) {
  const entry = currentEntry();
  const sensor = reading.cadence !== null || reading.hr !== null ? { time: reading.time, cadence: reading.cadence, heartRate: reading.hr } : null;
  const result = liveStep(rule.state, { now: Date.now(), planCadence, sensor, songBPM: entry ? entry.songBPM : null,
    plannedRate: entry ? entry.playbackRate : 1, stretchBudget: budget });
  rule = result;
  const out = result.output;
  if (!entry) {
    musicTempo = null;
    return;
  }
  if (Math.abs(audio.playbackRate - out.rate) > 0.0005) audio.playbackRate = out.rate;
  audio.dataset.rate = out.rate.toFixed(4);
  const beat = out.beat ?? entry.beat;
  musicTempo = entry.songBPM * (beat === "halfTime" ? 2 : beat === "doubleTime" ? 0.5 : 1) * out.rate;
}

audio.addEventListener("ended", () => { if (run) playSong(run.songIndex + 1); });

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
  audio.pause();
  save();
  updatePauseButton();
  publish(true);
}

function resume() {
  if (!run || !run.pausedAt || run.endedAt) return;
  run.pauses.push({ start: run.pausedAt, end: Date.now() });
  run.pausedAt = null;
  save();
  playSong(run.songIndex, true);
  updatePauseButton();
  publish(true);
}

function skip() {
  if (!run || run.endedAt || !entries.length) return;
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
  audio.pause();
  save();
  showEnded();
  publish(true);
}

function showEnded() {
  $("run-save-box").hidden = false;
  $("run-pause").disabled = true;
  $("run-skip").disabled = true;
  $("run-end").disabled = true;
  document.body.dataset.runPhase = "ended";
  $("run-save").focus();
}

function keepGoing() {
  if (!run || !run.endedAt) return;
  run.pauses.push({ start: run.endedAt, end: Date.now() });
  run.endedAt = null;
  save();
  $("run-save-box").hidden = true;
  for (const id of ["run-pause", "run-skip", "run-end"]) $(id).disabled = false;
  document.body.dataset.runPhase = "running";
  playSong(run.songIndex, true);
  publish(true);
}

async function saveRun() {
  const button = $("run-save");
  button.disabled = true;
  errorBox.hidden = true;
  $("run-sync").textContent = "Saving…";
  await flush(true);
  if (queue.size > 0) {
    button.disabled = false;
    fail(`${queue.size} samples could not be sent yet; check the connection and press Save again.`);
    return;
  }
  const pauses = run.pauses.filter((p) => p.end > p.start).map((p) => ({ start: isoSeconds(p.start), end: isoSeconds(p.end) }));
  try {
    await api("POST", `/runs/${run.id}/finish`, { endedAt: isoSeconds(run.endedAt), pauses });
  } catch (error) {
    button.disabled = false;
    fail(error);
    return;
  }
  const id = run.id;
  if (live.socket?.readyState === WebSocket.OPEN) live.send("tempo.run.state", { runId: id, ended: true, saved: true });
  queue.clear();
  run = null;
  save();
  simulatorChanged();
  location.assign(`/phone/tempo/runs/${id}`);
}

function updatePauseButton() {
  const paused = !!run?.pausedAt;
  $("run-pause").textContent = paused ? "Resume" : "Pause";
  document.body.dataset.runPhase = run?.endedAt ? "ended" : paused ? "paused" : "running";
}

// ---- Sensors, samples and the tempo, once a second ----
function freshWatch(field) {
  return watchSample && Date.now() - watchSample.at < 5000 && Number.isFinite(watchSample[field]) ? watchSample[field] : null;
}

/** What the runner does now: from the simulator, the motion sensor or the watch. */
function measure() {
  const simulated = run?.simulated ? sim.values() : null;
  sensorCadence = simulated?.cadence ?? steps.cadence() ?? freshWatch("cadence");
  const time = simulated || steps.cadence() !== null ? Date.now() : watchSample?.at ?? Date.now();
  // The watch is the heart-rate source once it takes part; the simulator only without one.
  const hr = freshWatch("hr") ?? (watchSeen ? null : simulated?.hr ?? null);
  let source = "the plan";
  if (simulated?.cadence) source = "the simulator";
  else if (steps.cadence() !== null) source = "your steps";
  else if (freshWatch("cadence") !== null) source = "the watch";
  return { cadence: sensorCadence, hr, simulated, source, time };
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
    if (musicTempo) sample.tempo = Math.round(musicTempo * 10) / 10;
  }
  if (reading.hr !== null) sample.hr = Math.round(reading.hr);
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
  if (!run) return;
  const now = Date.now();
  const second = wholeSecond(now);
  const elapsed = activeSeconds(now);
  const at = planPosition(segments, elapsed);
  if (second !== lastSecond) {
    lastSecond = second;
    const reading = measure();
    if (!run.pausedAt && !run.endedAt) {
      stepTempo(at && !at.done ? at.cadence : null, reading);
    }
    recordUpTo(now);
    render(at, elapsed, reading);
    publish(false, at, elapsed, reading);
  }
}

function render(at, elapsed, reading) {
  const unit = cadenceUnit(run.activity);
  const name = at ? (at.done ? "Plan complete" : at.segment.name) : "Free run";
  const interval = $("run-interval");
  if (interval.textContent !== name) interval.textContent = name;
  $("run-round").textContent = at?.segment ? roundText(at.segment) : "";
  $("run-time-left").textContent = at && !at.done ? clock(at.left) : clock(elapsed);
  $("run-time-left").nextElementSibling.textContent = at && !at.done ? "left" : "so far";
  $("run-next").textContent = at?.next ? `Next: ${at.next.name} (${clock(at.next.duration)})` : at && !at.done ? "Last interval" : "";
  $("run-elapsed").textContent = clock(elapsed);
  $("run-distance").textContent = `${(run.distance / 1000).toFixed(2)} km`;
  $("run-pace").textContent = paceText(run.activity, currentPace(reading));
  $("run-target").textContent = at && !at.done
    ? `${Math.round(at.cadence)} ${unit} · ${paceText(run.activity, 1000 / speedForCadence(run.activity, at.cadence))}` : "–";
  $("run-cadence").textContent = reading.cadence !== null ? `${Math.round(reading.cadence)} ${unit}` : "–";
  $("run-hr").textContent = reading.hr !== null ? `${Math.round(reading.hr)} bpm${freshWatch("hr") !== null ? " (watch)" : ""}` : "–";
  const aim = rule.output?.targetCadence;
  $("run-tempo").textContent = musicTempo ? `${Math.round(musicTempo)} BPM · ×${Number(audio.dataset.rate || 1).toFixed(3)}`
    : aim ? `no music (aiming at ${Math.round(aim)})` : "–";
  $("run-source").textContent = run.pausedAt ? "paused" : reading.source;
  $("run-why").textContent = run.pausedAt || !rule.output?.reason ? "" : `Music: ${rule.output.reason}.`;
  const pending = queue.size;
  $("run-sync").textContent = pending ? `${pending} sample${pending === 1 ? "" : "s"} waiting to be sent.` : "All samples sent.";
  root.dataset.samplesPending = String(pending);
  if (at?.segment && shownInterval !== at.index) {
    if (shownInterval !== null && navigator.vibrate) navigator.vibrate([150, 80, 150]);
    shownInterval = at.index;
  }
  document.body.dataset.interval = at?.segment ? String(at.index) : "";
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
    ended: !!run.endedAt, elapsed: Math.round(elapsed), interval: at?.segment?.name ?? (at?.done ? "Plan complete" : "Free run"),
    intervalIndex: at?.segment ? at.index : null, timeLeft: at && !at.done ? Math.round(at.left) : null,
    next: at?.next?.name ?? null, targetCadence: at && !at.done ? Math.round(at.cadence) : null,
    targetPace: at && !at.done ? Math.round(1000 / speedForCadence(run.activity, at.cadence)) : null,
    pace: pace ? Math.round(pace) : null, cadence: reading.cadence !== null ? Math.round(reading.cadence) : null,
    hr: reading.hr !== null ? Math.round(reading.hr) : null, tempo: musicTempo ? Math.round(musicTempo) : null, tempoSource: rule.output?.source ?? null,
    distance: Math.round(run.distance), song: entries[run.songIndex]?.song.title ?? null,
  });
}

/** Sends queued samples over HTTP, oldest first; only what the server acknowledged leaves the queue. */
async function flush(all = false) {
  if (!queue || flushing) return;
  flushing = true;
  try {
    do {
      const batch = queue.take(500);
      if (!batch.length) break;
      await api("POST", `/runs/${run.id}/samples`, { samples: batch });
      queue.remove(batch.map((s) => s.t));
    } while (all);
  } catch (error) {
    if (error.status === 400) fail(error);
  } finally {
    flushing = false;
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
  if (data.ended || notice.hidden || notice.dataset.runId !== data.runId.toLowerCase()) showRunElsewhere();
});

$("run-setup").addEventListener("submit", start);
$("run-plan").addEventListener("change", loadPlaylists);
$("run-pause").addEventListener("click", () => (run?.pausedAt ? resume() : pause()));
$("run-skip").addEventListener("click", skip);
$("run-end").addEventListener("click", end);
$("run-save").addEventListener("click", saveRun);
$("run-resume-after-end").addEventListener("click", keepGoing);

restoreSimulator();
live.connect();
setInterval(tick, 200);
setInterval(() => { if (run) flush(); }, 3000);
if (run) enterRun();
else { loadPlans(); showRunElsewhere(); }
