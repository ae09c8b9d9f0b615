// The presenter's word on the audience displays (S2): said clearly when none is connected, when one drops, and
// when it is back (then `onArrived`, so a screen that just opened catches up at once).
import { t } from "./i18n.js";

export function watchDisplays(live, alert, root, onArrived) {
  let known = null;
  live.on("presence", (data) => {
    const displays = new Map((data.online || []).filter((entry) => entry.role === "display")
      .map((entry) => [entry.deviceId || entry.connectionId, entry.name]));
    root.dataset.displays = String(displays.size);
    const lost = known ? [...known].filter(([id]) => !displays.has(id)).map(([, name]) => name) : [];
    const arrived = known ? [...displays].filter(([id]) => !known.has(id)).map(([, name]) => name) : [];
    known = displays;
    if (displays.size === 0) {
      alert.hidden = false;
      alert.dataset.kind = "none";
      alert.textContent = lost.length
        ? t("stage.displays.lost_none_left", { names: lost.join(", ") })
        : t("stage.displays.none");
    } else if (lost.length) {
      alert.hidden = false;
      alert.dataset.kind = "lost";
      alert.textContent = t("stage.displays.lost_some_left", { names: lost.join(", "), count: displays.size });
    } else if (arrived.length) {
      alert.hidden = false;
      alert.dataset.kind = "back";
      alert.textContent = `Display ${arrived.join(", ")} connected.`;
      setTimeout(() => { if (alert.dataset.kind === "back") alert.hidden = true; }, 4000);
      onArrived();
    }
  });
}
