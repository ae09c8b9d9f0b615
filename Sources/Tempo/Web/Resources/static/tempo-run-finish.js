// Saving a run that has ended (M4; issue 39: a run is saved by default). Its samples still queued on this phone go
// first, then its end and pauses. The live page saves this way on Save, at the end of the short countdown after End,
// and when it opens on a run that ended and was never saved; the run history does it too, so a run left at its
// question never stays "recording".
import { api } from "./tempo-util.js";
import { SampleQueue, isoSeconds, sourcesOf } from "./tempo-run-common.js";

export const ACTIVE = "cadence.tempo.activeRun";

/** The run this phone is recording or has ended without saving, if any. */
export function storedRun() {
  try {
    return JSON.parse(localStorage.getItem(ACTIVE) || "null");
  } catch {
    return null;
  }
}

/** Sends what is queued and finishes the run on the server; throws (the run kept here) when either is refused. */
export async function finishRun(run, queue = new SampleQueue(run.id, "phone")) {
  for (let batch = queue.take(500); batch.length; batch = queue.take(500)) {
    await api("POST", `/runs/${run.id}/samples`, { samples: batch, sources: sourcesOf(run) });
    queue.remove(batch.map((sample) => sample.t));
  }
  const pauses = run.pauses.filter((p) => p.end > p.start).map((p) => ({ start: isoSeconds(p.start), end: isoSeconds(p.end) }));
  try {
    await api("POST", `/runs/${run.id}/finish`, { endedAt: isoSeconds(run.endedAt), pauses });
  } catch (error) {
    if (error.status !== 404) throw error; // 404: deleted meanwhile (another device): nothing left to save
  }
  queue.clear();
  if (storedRun()?.id === run.id) localStorage.removeItem(ACTIVE);
}

/** On a page that is not the live run: a run that ended here and was never saved is saved now. */
export async function finishLeftRun() {
  const run = storedRun();
  if (!run?.endedAt) return null;
  await finishRun(run);
  return run.id;
}
