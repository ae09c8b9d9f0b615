// A talk run's state at an instant, from its steps alone: the same rules as the
// server's Talks.TalkRun (cues change by themselves; "next" jumps ahead; pauses
// stop the clock; the run finishes at the duration, on "next" past the last cue,
// or on "stop"; the pace against the cue schedule). Both run the cases of
// Tests/TalksTests/talk-run-cases.json (TalkRunTests in Swift,
// e2e/browser/test_talk_run_js.py here), so they cannot drift apart unnoticed.
// Times are whole milliseconds on the server's clock, so a cue's instant is exact.
import { t } from "./i18n.js";

/** Inside this many ms of the next cue (or the end) the pace turns amber. */
const DUE_SOON_MS = 10_000;

/** The steps up to `now`, replayed: where the run stands then, in milliseconds. */
function replay(run, now) {
  const cues = run.cues;
  const durationMs = run.duration * 1000;
  let phase = "notStarted";
  let startedAt = null;
  let bankedMs = 0;          // talking time up to the last pause
  let runningSince = null;   // when the clock last (re)started
  let manual = null;         // the furthest cue reached by "next"
  let finishedMs = null;
  let upcomingStepAt = null; // the first step after `now`
  const elapsedMsAt = (t) => bankedMs + (runningSince === null ? 0 : t - runningSince);
  const displayed = (ms) => {
    let scheduled = null;
    cues.forEach((cue, i) => { if (cue.at * 1000 <= ms) scheduled = i; });
    if (scheduled === null) return manual;
    return manual === null ? scheduled : Math.max(scheduled, manual);
  };
  for (const step of run.steps) {
    if (step.at > now) { upcomingStepAt = step.at; break; }
    const current = elapsedMsAt(step.at);
    if (phase === "running" && current >= durationMs) { finishedMs = durationMs; break; }
    switch (step.action) {
      case "start": phase = "running"; startedAt = step.at; runningSince = step.at; break;
      case "pause": bankedMs = current; runningSince = null; phase = "paused"; break;
      case "resume": runningSince = step.at; phase = "running"; break;
      case "next": {
        const following = (displayed(current) ?? -1) + 1;
        if (following >= cues.length) finishedMs = current; else manual = following;
        break;
      }
      case "stop": finishedMs = current; break;
    }
    if (finishedMs !== null) break;
  }
  if (finishedMs === null && phase === "running" && elapsedMsAt(now) >= durationMs) finishedMs = durationMs;
  if (finishedMs !== null) {
    return { phase: "finished", elapsedMs: finishedMs, cueIndex: displayed(finishedMs), nextCueAt: null, durationMs };
  }
  const elapsedMs = elapsedMsAt(now);
  // Before the start nothing is on screen, even a cue at 0:00.
  const cueIndex = phase === "notStarted" ? null : displayed(elapsedMs);
  const next = (cueIndex ?? -1) + 1;
  const nextCueAt = next < cues.length ? cues[next].at : null;
  return { phase, elapsedMs, cueIndex, nextCueAt, durationMs, upcomingStepAt,
           // When the next cue (or the end) is due by the schedule as planned from the start:
           // pauses stop the talk's clock, not the audience's.
           dueAt: startedAt === null ? null : startedAt + (nextCueAt ?? run.duration) * 1000 };
}

/** Green with time to spare, amber inside 10 s of the next cue (or the end), red once it is overdue. */
function paceAt(dueAt, now) {
  if (dueAt === null) return null;
  const spare = dueAt - now;
  return spare > DUE_SOON_MS ? "onTime" : spare > 0 ? "dueSoon" : "overdue";
}

export function runSnapshot(run, now) {
  const r = replay(run, now);
  return { phase: r.phase, elapsed: r.elapsedMs / 1000, cueIndex: r.cueIndex, nextCueAt: r.nextCueAt,
           remaining: Math.max(0, r.durationMs - r.elapsedMs) / 1000,
           pace: r.phase === "finished" ? null : paceAt(r.dueAt, now) };
}

/**
 * The next instant (after `now`) at which what a run shows changes by itself: the talk's
 * clock reaching its next whole second (every cue and the end fall on one), the pace
 * turning amber or red, or a step already recorded for later. Null when nothing will.
 * Pages render at exactly that instant instead of polling.
 */
export function nextChangeAt(run, now) {
  const r = replay(run, now);
  if (r.phase === "finished") return null;
  const candidates = [];
  if (r.upcomingStepAt !== null) candidates.push(r.upcomingStepAt);
  if (r.phase === "running") candidates.push(now + 1000 - (r.elapsedMs % 1000));
  if (r.dueAt !== null) {
    for (const instant of [r.dueAt - DUE_SOON_MS, r.dueAt]) if (instant > now) candidates.push(instant);
  }
  return candidates.length > 0 ? Math.min(...candidates) : null;
}

/** What the watch shows as the cue: the keyword, "Finished" (in the page's language), or null before the first cue. */
export function shownCue(run, state) {
  if (state.phase === "finished") return t("talks.run.finished");
  return state.cueIndex === null ? null : run.cues[state.cueIndex].keyword;
}

export function formatTime(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}
