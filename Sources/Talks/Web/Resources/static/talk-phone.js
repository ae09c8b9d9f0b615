// The phone's talk page (T4, issue 39): the watch panel shows and controls the run live — the keyword, clock, time
// left, pace and Paused, computed here from the cast run by the watch's own rules (talk-run.js) at each instant it
// changes — and the cues are typed one after another without leaving the page.
import { runSnapshot, shownCue, formatTime } from "./talk-run.js";
import { RunClock } from "./talk-clock.js";
import { t } from "./i18n.js";
import { showSnackbar } from "./snackbar.js";

const PACE_KEYS = { onTime: "talks.watch.pace.on_time", dueSoon: "talks.watch.pace.due_soon", overdue: "talks.watch.pace.overdue" };

/** The panel's state for this talk: uncast, elsewhere (another talk is cast), ready, running, paused or finished. */
function panelState(cast, topicId, now) {
  if (!cast?.topic) return "uncast";
  if (cast.topic.id.toLowerCase() !== topicId) return "elsewhere";
  const run = cast.run && cast.run.topicId.toLowerCase() === topicId ? cast.run : null;
  if (!run) return "ready";
  const phase = runSnapshot(run, now).phase;
  return phase === "notStarted" ? "ready" : phase;
}

export function setupPhoneRun(live, statusLine) {
  const panel = document.getElementById("watch-panel");
  const topicId = panel?.dataset.topic;
  let cast = null;
  const $ = (id) => document.getElementById(id);

  const clock = new RunClock((now) => {
    if (!cast) return;
    const state = panelState(cast, topicId, now);
    if (panel) {
      panel.dataset.state = state;
      panel.dataset.run = cast.run?.id ?? "";
      const runField = panel.querySelector("[data-steps] input[name=run]");
      if (runField) runField.value = cast.run?.id ?? "";
    }
    const run = cast.run;
    let text;
    if (state === "uncast") text = t("talks.phone.uncast");
    else if (state === "elsewhere") text = t("talks.phone.elsewhere", { title: cast.topic.title });
    else if (state === "ready") text = t("talks.phone.ready");
    else text = t("talks.phone.now_on_watch", { cue: shownCue(run, runSnapshot(run, now)) ?? t("talks.phone.starting") });
    // Only when it changes: the line is read out (aria-live), and the clock ticks every second.
    if (statusLine.textContent !== text) statusLine.textContent = text;
    if (!panel || (state !== "running" && state !== "paused")) return;
    const snapshot = runSnapshot(run, now);
    $("phone-keyword").textContent = shownCue(run, snapshot) ?? "…";
    $("phone-elapsed").textContent = formatTime(snapshot.elapsed);
    $("phone-left").textContent = t("talks.phone.left", { time: formatTime(snapshot.remaining) });
    $("phone-pace").textContent = snapshot.pace ? t(PACE_KEYS[snapshot.pace]) : "";
    panel.dataset.pace = snapshot.pace ?? "";
  });

  const follow = (body) => {
    cast = body;
    clock.follow(body?.run ?? null);
  };
  live.on("talk.cast", follow);
  // After every (re)connect: the current state, which also measures the server's clock.
  live.on("hello", async () => {
    try {
      const body = await clock.fetchJSON("/api/v1/talks/cast");
      if (body) follow(body);
    } catch { /* offline: keep what is shown */ }
  });

  if (panel) setupControls(panel, topicId, clock, (run) => follow({ ...cast, run }));
  setupQuickAdd();
}

/** Start, Pause/Resume, Next and Stop through the API, without leaving the page; the form posts if that fails. */
function setupControls(panel, topicId, clock, applyRun) {
  const post = async (url, body) => {
    const run = await clock.fetchJSON(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    if (!run) throw new Error("refused");
    applyRun(run);
  };
  panel.querySelector("[data-start]")?.addEventListener("submit", async (event) => {
    event.preventDefault();
    try { await post("/api/v1/talks/runs", { topicId }); } catch { event.target.submit(); }
  });
  panel.querySelector("[data-steps]")?.addEventListener("submit", async (event) => {
    event.preventDefault();
    const action = event.submitter?.value;
    const runId = panel.dataset.run;
    if (!action || !runId) return;
    try {
      await post(`/api/v1/talks/runs/${runId}/steps`, { action });
    } catch {
      showSnackbar(t("talks.phone.step_failed"));
    }
  });
}

/**
 * Quick entry of cues: the add form posts as it would, but in the background; the page's cue list and form are
 * replaced by the ones the server answers with (the new cue in its place, or the refusal under its field), and the
 * focus stays in the keyword field with the next time proposed, so the next cue is typed at once.
 */
function setupQuickAdd() {
  const panel = document.getElementById("cues-panel");
  if (!panel) return;
  panel.addEventListener("submit", async (event) => {
    const form = event.target;
    if (!form.matches("[data-quick-add]")) return;
    event.preventDefault();
    const button = form.querySelector("button[type=submit]");
    button.disabled = true;
    try {
      const response = await fetch(form.action, {
        method: "POST", body: new URLSearchParams(new FormData(form)), headers: { Accept: "text/html" },
      });
      const page = new DOMParser().parseFromString(await response.text(), "text/html");
      const fresh = page.getElementById("cues-panel");
      if (!response.ok || !fresh) throw new Error(`status ${response.status}`);
      panel.replaceChildren(...fresh.childNodes);
      const summary = page.getElementById("talk-summary");
      if (summary) document.getElementById("talk-summary").textContent = summary.textContent;
      // The first cue makes the talk castable: the watch panel's Cast follows what the server now says.
      const castButton = document.querySelector("#watch-panel form[action$='/cast'] button");
      const freshCast = page.querySelector("#watch-panel form[action$='/cast'] button");
      if (castButton && freshCast) {
        castButton.disabled = freshCast.disabled;
        if (freshCast.hasAttribute("aria-describedby")) castButton.setAttribute("aria-describedby", freshCast.getAttribute("aria-describedby"));
        else castButton.removeAttribute("aria-describedby");
      }
      if (!page.getElementById("cast-blocked")) document.getElementById("cast-blocked")?.remove();
      const refused = panel.querySelector("[data-quick-add] [aria-invalid=true]");
      (refused ?? panel.querySelector("[data-quick-add] #keyword"))?.focus();
      if (!refused) showSnackbar(page.getElementById("snackbar")?.textContent || t("talks.phone.added"));
    } catch {
      form.submit(); // the page's own way: post and come back
    } finally {
      button.disabled = false;
    }
  });
}
