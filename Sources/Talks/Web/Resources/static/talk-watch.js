// The watch's cue card (T3–T5): shows the cast topic, runs it with the keyword
// changing by itself, and keeps working from its last copy when the network drops.
import { runSnapshot, shownCue, formatTime } from "./talk-run.js";
import { RunClock } from "./talk-clock.js";
import { ScreenWakeLock } from "./wake-lock.js";
import { newId } from "./live.js";
import { t, plural } from "./i18n.js";

const STORE = "cadence.talk.cast";
const PENDING = "cadence.talk.pendingSteps";
// The pace's word, for those who cannot tell the bar's colour (short: the watch is 176 px wide).
const PACE_KEYS = { onTime: "talks.watch.pace.on_time", dueSoon: "talks.watch.pace.due_soon", overdue: "talks.watch.pace.overdue" };

export function setupTalk(live) {
  const $ = (id) => document.getElementById(id);
  let cast = JSON.parse(localStorage.getItem(STORE) || "null");
  let dismissedRun;          // the id of a finished run the speaker has left with "Back" (a run just started has none yet)
  const seenRunning = new Set(); // runs this page has shown before they finished
  let shownIndex = undefined;
  let lastPulse = 0;

  const clock = new RunClock(render);
  const screenOn = new ScreenWakeLock(); // while a talk runs, the cues must stay readable

  function apply(body) {
    cast = body;
    dismissIfFinishedBeforeSeen();
    clock.follow(shownRun()); // on screen first, then kept for a reload offline
    localStorage.setItem(STORE, JSON.stringify(body));
  }

  async function load() {
    try {
      const body = await clock.fetchJSON("/api/v1/talks/cast");
      if (body) apply(body);
    } catch { /* offline: keep the last copy */ }
  }

  /** "applied" (the server's answer is shown), "refused" (it said no: the talk is gone) or "offline". */
  async function post(url, body) {
    try {
      const run = await clock.fetchJSON(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
      if (!run) return "refused";
      apply({ topic: cast.topic, run });
      return "applied";
    } catch {
      return "offline";
    }
  }

  /**
   * Start: the first cue shows as the speaker taps, not a round trip later, and the server starts the run at that
   * same instant. Offline, the run goes on here and its start is sent, with its steps, once the network is back
   * (the id chosen here makes it one run); if the server refuses it (the talk is gone), the card shows what is cast.
   */
  async function start() {
    dismissedRun = undefined;
    const { topic } = cast;
    const at = clock.now();
    const id = newId(); // chosen here, so a start made offline is one run however often it is sent
    apply({ topic, run: { id, cues: topic.cues, duration: topic.duration, steps: [{ action: "start", at }] } });
    savePending([...loadPending(), { runId: id, action: "start", topicId: topic.id, at }]);
    await flush();
  }

  /** A step of the cast run: applied here at once, sent now or, offline, when the network is back. */
  async function step(action) {
    const at = clock.now();
    cast.run.steps.push({ action, at });
    apply(cast);
    savePending([...loadPending(), { runId: cast.run.id, action, at }]);
    await flush();
  }

  function loadPending() {
    return JSON.parse(localStorage.getItem(PENDING) || "[]");
  }

  function savePending(steps) {
    localStorage.setItem(PENDING, JSON.stringify(steps));
  }

  /** Sends the start and steps taken offline, in order, with the time each was taken. */
  async function flush() {
    let pending = loadPending();
    while (pending.length > 0) {
      const [first] = pending;
      const outcome = first.action === "start"
        ? await post("/api/v1/talks/runs", { topicId: first.topicId, at: first.at, id: first.runId })
        : await post(`/api/v1/talks/runs/${first.runId}/steps`, { action: first.action, at: first.at });
      if (outcome === "offline") return;
      if (outcome === "refused" && first.action === "start") {
        savePending(loadPending().filter((step) => step.runId !== first.runId)); // that run never started
        await load();
        pending = loadPending();
        continue;
      }
      pending = loadPending().slice(1);
      savePending(pending);
    }
  }

  function fit(element) {
    // Largest size (14–64 px) at which the keyword fits its box, so it reads at a glance;
    // found by halving, as each try costs a layout and the change should show at once.
    const fits = (size) => {
      element.style.fontSize = `${size}px`;
      return element.scrollHeight <= element.clientHeight && element.scrollWidth <= element.clientWidth;
    };
    element.style.overflowWrap = "normal";
    let low = 14;
    let high = 64;
    if (fits(high)) return;
    while (high - low > 1) {
      const middle = Math.floor((low + high) / 2);
      if (fits(middle)) low = middle; else high = middle;
    }
    // A word too long even at the smallest size may break anywhere rather than be cut off.
    if (!fits(low)) element.style.overflowWrap = "anywhere";
  }

  /**
   * A run that had finished before this page ever showed it running (the page reloaded after the end, or the watch
   * came back after the talk) is over: the card shows the talk's title and Start, not "Finished" from long ago.
   */
  function dismissIfFinishedBeforeSeen() {
    const run = cast?.run;
    if (!run || run.id === dismissedRun) return;
    if (runSnapshot(run, clock.now()).phase !== "finished") seenRunning.add(run.id);
    else if (!seenRunning.has(run.id)) dismissedRun = run.id;
  }

  /** The run on screen: the cast run, unless the speaker has left it with "Back". */
  function shownRun() {
    return cast?.run && cast.run.id !== dismissedRun ? cast.run : null;
  }

  /** Draws the card as of `now` (server clock); RunClock calls this at each instant the run changes. */
  function render(now) {
    const topic = cast?.topic;
    const run = shownRun();
    const state = run ? runSnapshot(run, now) : null;
    screenOn.keep(state && state.phase !== "finished");
    $("talk-idle").hidden = !!run;
    $("talk-running").hidden = !run;
    if (!run) document.body.dataset.pace = "";
    if (!topic) {
      $("talk-title").textContent = t("talks.watch.no_topic");
      $("talk-duration").textContent = t("talks.watch.cast_hint");
      $("talk-start").hidden = true;
      return;
    }
    if (!run) {
      $("talk-title").textContent = topic.title;
      $("talk-duration").textContent = plural("talks.watch.summary", topic.cues.length, { duration: topic.durationText });
      $("talk-start").hidden = false;
      return;
    }
    const finished = state.phase === "finished";
    const keyword = shownCue(run, state) ?? "…";
    const keywordElement = $("talk-keyword");
    if (keywordElement.textContent !== keyword) {
      keywordElement.textContent = keyword;
      fit(keywordElement);
      if (shownIndex !== undefined && state.cueIndex !== shownIndex) {
        keywordElement.classList.remove("cue-changed");
        void keywordElement.offsetWidth;
        keywordElement.classList.add("cue-changed");
        if (navigator.vibrate) navigator.vibrate(120);
      }
      shownIndex = state.cueIndex;
    }
    document.body.dataset.cue = finished ? "finished" : String(state.cueIndex ?? "");
    // Once finished, nothing is left: the clock keeps the time talked, and "left" would contradict "Finished".
    $("talk-remaining").textContent = finished ? "" : t("talks.watch.remaining", { time: formatTime(state.remaining) });
    $("talk-elapsed").textContent = formatTime(state.elapsed);
    // Pacing against the cue schedule (talk-run.js): the bar's colour, and a word for those who cannot tell it.
    const card = $("talk-running");
    card.dataset.pace = state.pace ?? "";
    $("talk-pace").textContent = state.pace ? t(PACE_KEYS[state.pace]) : "";
    // The last two minutes: a buzz every 30 s.
    if (!finished && state.phase === "running" && state.remaining <= 120) {
      const slot = Math.floor(state.remaining / 30);
      if (slot !== lastPulse) {
        lastPulse = slot;
        if (navigator.vibrate) navigator.vibrate([80, 60, 80]);
        // Always a visual pulse too: many watches and browsers cannot vibrate.
        card.classList.remove("time-pulse");
        void card.offsetWidth;
        card.classList.add("time-pulse");
      }
    }
    $("talk-next").hidden = finished;
    $("talk-pause").hidden = finished;
    const paused = state.phase === "paused";
    $("talk-pause-label").textContent = paused ? t("talks.watch.resume") : t("talks.watch.pause");
    $("talk-pause").querySelector("use").setAttribute("href", `/static/icons.svg#${paused ? "play" : "pause"}`);
    document.body.dataset.pace = finished ? "" : state.pace ?? "";
    document.body.dataset.paused = String(paused);
    $("talk-back").hidden = !finished;
  }

  $("talk-start").addEventListener("click", start);
  $("talk-next").addEventListener("click", () => step("next"));
  $("talk-pause").addEventListener("click", () => {
    const paused = runSnapshot(cast.run, clock.now()).phase === "paused";
    step(paused ? "resume" : "pause");
  });
  $("talk-back").addEventListener("click", () => {
    dismissedRun = cast.run.id;
    shownIndex = undefined;
    delete document.body.dataset.cue;
    document.body.dataset.pace = "";
    clock.follow(null);
  });

  // The keyword's box is what the screen leaves it (the clock line may wrap, a notice may come and go): refit
  // whenever that box changes, not only when the window does.
  new ResizeObserver(() => fit($("talk-keyword"))).observe($("talk-keyword"));
  live.on("talk.cast", apply);
  // After every (re)connect: send what was done offline, then fetch the current state.
  live.on("hello", async () => { await flush(); await load(); });
  dismissIfFinishedBeforeSeen();
  clock.follow(shownRun());
  load();
}
