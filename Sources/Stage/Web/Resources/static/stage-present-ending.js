// Ending a talk (S4): the log is kept (20 minutes or more) and the screens are told the talk ended, however the
// presenter leaves: End, another page, a closed tab or window (pagehide, when only a beacon still gets out).
import { t } from "./i18n.js";

const $ = (id) => document.getElementById(id);

// `isReloading()`: the page is reloading itself in another interface language, and the talk carries on.
export function wireEnding({ root, presented, screens, timer, log, isReloading }) {
  const talkId = presented.talkId;
  let ended = false;

  // The log's body, once: null when the talk has ended already.
  function finish() {
    if (ended) return null;
    ended = true;
    screens.stop();
    log.close();
    return {
      talkId, talkTitle: presented.deck ? presented.deck.title : document.title, startedAt: timer.startedAt,
      durationMs: Math.round(timer.elapsed()), entries: log.entries,
    };
  }

  // End asks first: one stray tap must not end the talk for the room.
  const confirmBox = $("end-confirm-box");
  const askToEnd = (asking) => {
    confirmBox.hidden = !asking;
    $("end").setAttribute("aria-expanded", String(asking));
    if (asking) $("end-confirm").focus();
  };
  $("end").addEventListener("click", () => askToEnd(confirmBox.hidden));
  $("end-cancel").addEventListener("click", () => askToEnd(false));
  $("end-confirm").addEventListener("click", async () => {
    const body = finish();
    if (!body) return;
    await screens.stop(); // a slide still on its way must not land after the end
    const post = (url, payload) => fetch(url, {
      method: "POST", credentials: "same-origin", headers: { "Content-Type": "application/json" }, body: JSON.stringify(payload),
    }).catch(() => null);
    await post("/api/v1/stage/screen", { talkId, ended: true });
    const saved = await post("/api/v1/stage/logs", body);
    const answer = saved ? await saved.json().catch(() => ({})) : {};
    sessionStorage.setItem("cadence.stage.ended", answer.saved ? t("stage.present.logged") : "");
    location.assign(`/phone/stage/series/${root.dataset.seriesId}`);
  });

  addEventListener("pagehide", () => {
    if (isReloading()) return; // the same talk carries on in the other language
    const body = finish();
    if (!body) return;
    const beacon = (url, payload) => navigator.sendBeacon(url, new Blob([JSON.stringify(payload)], { type: "application/json" }));
    beacon("/api/v1/stage/screen", { talkId, ended: true });
    beacon("/api/v1/stage/logs", body);
  });
  // Back from the browser's page cache: the talk ended when the page was left, so start afresh.
  addEventListener("pageshow", (event) => { if (event.persisted) location.reload(); });
}
