// What the phone shows during a run, once a second: the interval and the time left in it, the next one, distance,
// pace, the target, cadence, heart rate, the music's tempo and why, and how many samples wait to be sent. A new
// interval buzzes (where the phone can).
import { formatNumber, plural, t } from "./i18n.js";
import { cadenceUnit, clock, paceText, roundText, speedForCadence } from "./tempo-run-common.js";
import { distanceText } from "./tempo-util.js";

const $ = (id) => document.getElementById(id);
let shownInterval = null;

export function showRunNow(run, at, elapsed, reading, { music, pace, pending, root }) {
  const unit = cadenceUnit(run.activity);
  const name = at ? (at.done ? t("tempo.run.now.plan_complete") : at.segment.name) : t("tempo.run.now.free_run");
  const interval = $("run-interval");
  if (interval.textContent !== name) interval.textContent = name;
  $("run-round").textContent = at?.segment ? roundText(at.segment) : "";
  $("run-time-left").textContent = at && !at.done ? clock(at.left) : clock(elapsed);
  $("run-time-left").nextElementSibling.textContent = t(at && !at.done ? "tempo.run.now.left" : "tempo.run.now.so_far");
  $("run-next").textContent = at?.next ? t("tempo.run.now.next", { name: at.next.name, length: clock(at.next.duration) })
    : at && !at.done ? t("tempo.run.now.last_interval") : "";
  $("run-elapsed").textContent = clock(elapsed);
  $("run-distance").textContent = distanceText(run.distance);
  $("run-pace").textContent = paceText(run.activity, pace);
  $("run-target").textContent = at && !at.done
    ? t("tempo.run.now.target", {
      cadence: formatNumber(Math.round(at.cadence)), unit, pace: paceText(run.activity, 1000 / speedForCadence(run.activity, at.cadence)) }) : "–";
  $("run-cadence").textContent = reading.cadence !== null ? t("tempo.run.now.cadence", { cadence: formatNumber(Math.round(reading.cadence)), unit }) : "–";
  $("run-hr").textContent = reading.hr === null ? "–" : reading.hrSource
    ? t("tempo.run.now.hr_from", { hr: formatNumber(Math.round(reading.hr)), source: hrSourceText(reading.hrSource) })
    : t("tempo.run.now.hr", { hr: formatNumber(Math.round(reading.hr)) });
  // A run without music (No music chosen) says nothing of songs: no tempo, no "following your cadence", no Next song.
  const hasMusic = Boolean(run.follow || run.playlistId);
  for (const element of document.querySelectorAll("[data-music]")) element.hidden = !hasMusic;
  $("run-skip").hidden = !hasMusic;
  const aim = music.rule.output?.targetCadence;
  $("run-tempo").textContent = music.tempo
    ? t("tempo.run.now.tempo", { bpm: formatNumber(Math.round(music.tempo)), rate: formatNumber(Number(music.audio.dataset.rate || 1), 3) })
    : aim ? t("tempo.run.now.no_music_aiming", { cadence: formatNumber(Math.round(aim)) }) : "–";
  $("run-source").textContent = t(run.pausedAt ? "tempo.run.now.source.paused" : `tempo.run.now.source.${reading.source}`);
  $("run-why").textContent = !hasMusic || run.pausedAt || !music.rule.output?.reason ? "" : t("tempo.run.now.why", { reason: music.rule.output.reason });
  $("run-sync").textContent = pending ? plural("tempo.run.now.pending", pending) : t("tempo.run.now.all_sent");
  root.dataset.samplesPending = String(pending);
  if (at?.segment && shownInterval !== at.index) {
    if (shownInterval !== null && navigator.vibrate) navigator.vibrate([150, 80, 150]);
    shownInterval = at.index;
  }
  document.body.dataset.interval = at?.segment ? String(at.index) : "";
}

/** Who measured the heart rate: a strap's own name, else "watch" or "simulated", said in the page's language. */
function hrSourceText(source) {
  return source === "watch" || source === "simulated" ? t(`tempo.run.now.hr_source.${source}`) : source;
}

/** The run ended: the buttons that act on it go, and its summary says what it was while it is saved. */
export function showEnded(run, elapsed) {
  $("run-summary-line").textContent = t("tempo.run.live.summary", { distance: distanceText(run.distance), time: clock(elapsed) });
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
  $("run-pause").textContent = t(paused ? "tempo.run.now.resume" : "tempo.run.now.pause");
  document.body.dataset.runPhase = run?.endedAt ? "ended" : paused ? "paused" : "running";
}
