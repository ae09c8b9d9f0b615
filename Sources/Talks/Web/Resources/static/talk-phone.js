// The phone's "Now on the watch" (T4: the phone mirrors the run live): what the watch
// shows, computed here from the cast run by the watch's own rules (talk-run.js) at each
// instant it changes, so the cue moves on by itself and says "Finished" when the time is up.
import { runSnapshot, shownCue } from "./talk-run.js";
import { RunClock } from "./talk-clock.js";
import { t } from "./i18n.js";

export function setupPhoneRun(live, element) {
  let cast = null;
  const clock = new RunClock((now) => {
    if (!cast) return;
    const run = cast.run;
    const shown = !cast.topic ? null
      : run ? shownCue(run, runSnapshot(run, now)) ?? t("talks.phone.starting")
      : cast.topic.title;
    const text = shown === null ? t("talks.phone.not_cast") : t("talks.phone.now_on_watch", { cue: shown });
    // Only when it changes: the line is read out (aria-live), and the clock ticks every second.
    if (element.textContent !== text) element.textContent = text;
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
}
