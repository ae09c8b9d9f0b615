// What the phone shows during a run, once a second: the interval and the time left in it, the next one, distance,
// pace, the target, cadence, heart rate, the music's tempo and why, and how many samples wait to be sent. A new
// interval buzzes (where the phone can).
import { cadenceUnit, clock, paceText, roundText, speedForCadence } from "./tempo-run-common.js";

const $ = (id) => document.getElementById(id);
let shownInterval = null;

export function showRunNow(run, at, elapsed, reading, { music, pace, pending, root }) {
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
  $("run-pace").textContent = paceText(run.activity, pace);
  $("run-target").textContent = at && !at.done
    ? `${Math.round(at.cadence)} ${unit} · ${paceText(run.activity, 1000 / speedForCadence(run.activity, at.cadence))}` : "–";
  $("run-cadence").textContent = reading.cadence !== null ? `${Math.round(reading.cadence)} ${unit}` : "–";
  $("run-hr").textContent = reading.hr !== null ? `${Math.round(reading.hr)} bpm${reading.hrSource ? ` (${reading.hrSource})` : ""}` : "–";
  const aim = music.rule.output?.targetCadence;
  $("run-tempo").textContent = music.tempo ? `${Math.round(music.tempo)} BPM · ×${Number(music.audio.dataset.rate || 1).toFixed(3)}`
    : aim ? `no music (aiming at ${Math.round(aim)})` : "–";
  $("run-source").textContent = run.pausedAt ? "paused" : reading.source;
  $("run-why").textContent = run.pausedAt || !music.rule.output?.reason ? "" : `Music: ${music.rule.output.reason}.`;
  $("run-sync").textContent = pending ? `${pending} sample${pending === 1 ? "" : "s"} waiting to be sent.` : "All samples sent.";
  root.dataset.samplesPending = String(pending);
  if (at?.segment && shownInterval !== at.index) {
    if (shownInterval !== null && navigator.vibrate) navigator.vibrate([150, 80, 150]);
    shownInterval = at.index;
  }
  document.body.dataset.interval = at?.segment ? String(at.index) : "";
}

/** The run ended: the buttons that act on it go, Save (or keep going) is offered. */
export function showEnded() {
  $("run-save-box").hidden = false;
  $("run-pause").disabled = true;
  $("run-skip").disabled = true;
  $("run-end").disabled = true;
  document.body.dataset.runPhase = "ended";
  $("run-save").focus();
}

/** Running, paused or ended, on the Pause button and the page (styles and tests read `data-run-phase`). */
export function showPhase(run) {
  const paused = !!run?.pausedAt;
  $("run-pause").textContent = paused ? "Resume" : "Pause";
  document.body.dataset.runPhase = run?.endedAt ? "ended" : paused ? "paused" : "running";
}
