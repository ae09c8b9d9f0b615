// Offers to install Cadence where the browser says it can (Chromium's beforeinstallprompt): the top bar's
// "Install app" button appears, and goes once the app is installed. Other browsers install from their own menu
// (Safari: Share → Add to Home Screen; Firefox on Android: Install), so nothing is shown there.
import { httpsMissing } from "./secure-context.js";

const button = document.getElementById("install-app");
let offer = null;

// Without HTTPS there is no install, no offline app and no keeping the screen on: the phone's home says so in a
// banner, every other page in a short link in the top bar, both to the trust page.
if (httpsMissing && !location.pathname.startsWith("/trust")) {
  const banner = document.getElementById("https-banner");
  const where = banner ?? document.getElementById("https-missing");
  if (where) where.hidden = false;
}

window.addEventListener("beforeinstallprompt", (event) => {
  event.preventDefault(); // keep the offer for the button instead of the browser's own mini-bar
  offer = event;
  if (button) button.hidden = false;
});

button?.addEventListener("click", async () => {
  const chosen = offer;
  offer = null;
  button.hidden = true;
  if (chosen) await chosen.prompt();
});

window.addEventListener("appinstalled", () => {
  offer = null;
  if (button) button.hidden = true;
});

// The service worker (sw.js) keeps the device's own pages for offline use. It is registered for those pages only
// (one registration per scope), so every other page — the presenter with its unload beacons among them — runs with
// no worker in the way. A new version waits until the person chooses to reload, so a run or a presentation never
// continues on a mix of two versions.
const OFFLINE_SCOPES = ["/watch", "/display", "/phone/talks", "/phone/tempo/run"];
const scope = OFFLINE_SCOPES.find((path) => location.pathname === path || location.pathname.startsWith(`${path}/`));
const updated = document.getElementById("app-updated");
let updateChosen = false;

function offerUpdate(worker) {
  if (!updated) return;
  updated.hidden = false;
  updated.onclick = () => {
    updateChosen = true;
    worker.postMessage("activate-update");
  };
}

if ("serviceWorker" in navigator && scope) {
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (updateChosen) location.reload();
  });
  navigator.serviceWorker.register("/sw.js", { scope }).then((registration) => {
    if (registration.waiting && navigator.serviceWorker.controller) offerUpdate(registration.waiting);
    registration.addEventListener("updatefound", () => {
      const worker = registration.installing;
      worker?.addEventListener("statechange", () => {
        if (worker.state === "installed" && navigator.serviceWorker.controller) offerUpdate(worker);
      });
    });
  }, () => {}); // no worker (a private window, an old browser): the pages work online as before
}
