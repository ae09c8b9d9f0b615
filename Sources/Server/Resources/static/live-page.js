// Wires a page to the live channel: the online/offline indicator, "find my
// device" on watches and displays, and presence plus "Find" on the devices page.
import { LiveChannel, showLiveStatus } from "./live.js";
import { setupTalk } from "./talk-watch.js";
import { setupPhoneRun } from "./talk-phone.js";
import { setupPresenter } from "./stage-present.js";
import { setupDisplay } from "./stage-display.js";
import { setupSpotsAlerts } from "./spots-alert.js";
import { setupDevicesPage } from "./devices-page.js";
import { t } from "./i18n.js";

const body = document.body;
const labels = {
  connecting: t("platform.live.connecting"),
  online: t("platform.live.online"),
  offline: t("platform.live.offline"),
  revoked: t("platform.live.revoked"),
};

const live = new LiveChannel({
  onStatus(state) {
    showLiveStatus(state, labels);
  },
});

const myDevice = body.dataset.deviceId;

// Watch and display: flash and vibrate when the phone asks "where are you?".
live.on("device.find", (data) => {
  if (!myDevice || data.deviceId !== myDevice) return;
  body.classList.remove("found");
  void body.offsetWidth; // restart the flash if it is already running
  body.classList.add("found");
  const notice = document.getElementById("find-notice");
  if (notice) notice.textContent = data.by ? t("platform.find.found_by", { name: data.by }) : t("platform.find.found");
  if (navigator.vibrate) navigator.vibrate([200, 100, 200, 100, 400]);
  setTimeout(() => body.classList.remove("found"), 4000);
});

live.on("closed", () => {
  if (myDevice) location.assign("/pair");
});

if (document.getElementById("talk")) setupTalk(live);
if (document.getElementById("presenter")) setupPresenter(live);
if (document.getElementById("screen")) setupDisplay(live);
if (document.getElementById("spots-alert")) setupSpotsAlerts(live);
if (document.getElementById("devices-panel")) setupDevicesPage(live);

// The phone's talk page mirrors the run: which cue the watch shows now.
const phoneRun = document.getElementById("phone-run");
if (phoneRun) setupPhoneRun(live, phoneRun);

// A run started on the phone: the watch's way into its run view says so.
const tempoRunLink = document.getElementById("tempo-run-link");
if (tempoRunLink) {
  live.on("tempo.run.state", (data) => {
    const running = data && data.runId && !data.ended;
    tempoRunLink.setAttribute("aria-label", running ? t("platform.tempo.run_on") : t("platform.tempo.run_with"));
    document.getElementById("tempo-run-label").textContent = running ? t("platform.tempo.run_on_short") : t("platform.tempo.run_short");
    tempoRunLink.classList.toggle("primary", Boolean(running));
    tempoRunLink.classList.toggle("secondary", !running);
  });
}

live.connect();
