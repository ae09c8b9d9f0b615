// A talk run's state at an instant, from its steps alone: the same rules as the
// server's Talks.TalkRun (cues change by themselves; "next" jumps ahead; pauses
// stop the clock; the run finishes at the duration, on "next" past the last cue,
// or on "stop"). e2e/browser/test_talk_run_js.py runs the Swift tests' cases
// against this file, so it stays in step with Sources/Talks/TalkRun.swift.

export function runSnapshot(run, now) {
  const cues = run.cues;
  let phase = "notStarted";
  let banked = 0;
  let runningSince = null;
  let manual = null;
  let finishedAt = null;
  const elapsedAt = (t) => banked + (runningSince === null ? 0 : (t - runningSince) / 1000);
  const scheduled = (e) => {
    let index = null;
    cues.forEach((cue, i) => { if (cue.at <= e) index = i; });
    return index;
  };
  const displayed = (e) => {
    const s = scheduled(e);
    if (s === null) return manual;
    return manual === null ? s : Math.max(s, manual);
  };
  for (const step of run.steps) {
    if (step.at > now || finishedAt !== null) break;
    let current = elapsedAt(step.at);
    if (phase === "running" && current >= run.duration) { finishedAt = run.duration; break; }
    switch (step.action) {
      case "start": phase = "running"; runningSince = step.at; break;
      case "pause": banked = current; runningSince = null; phase = "paused"; break;
      case "resume": runningSince = step.at; phase = "running"; break;
      case "next": {
        const following = (displayed(current) ?? -1) + 1;
        if (following >= cues.length) finishedAt = current; else manual = following;
        break;
      }
      case "stop": finishedAt = current; break;
    }
  }
  if (finishedAt === null && phase === "running" && elapsedAt(now) >= run.duration) finishedAt = run.duration;
  if (finishedAt !== null) {
    return { phase: "finished", elapsed: finishedAt, cueIndex: displayed(finishedAt), remaining: Math.max(0, run.duration - finishedAt) };
  }
  const elapsed = elapsedAt(now);
  // Before the start nothing is on screen, even a cue at 0:00.
  const cueIndex = phase === "notStarted" ? null : displayed(elapsed);
  const next = (cueIndex ?? -1) + 1;
  return { phase, elapsed, cueIndex, nextCueAt: next < cues.length ? cues[next].at : null,
           remaining: Math.max(0, run.duration - elapsed) };
}

export function formatTime(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}
