// The phone's Devices page: who is online, "Find" for each device, and (issue 39) a pairing seen as it happens —
// when a device pairs with the code shown here, the page says "Paired with Lee's watch", retires the code (it works
// once) and lists the new device, without a reload.
import { t } from "./i18n.js";
import { showSnackbar } from "./snackbar.js";

export function setupDevicesPage(live) {
  let online = new Set();

  function showPresence() {
    for (const element of document.querySelectorAll("[data-online-for]")) {
      const isOnline = online.has(element.dataset.onlineFor);
      element.textContent = isOnline ? t("platform.presence.online") : t("platform.presence.offline");
      element.dataset.online = String(isOnline);
    }
  }

  live.on("presence", (data) => {
    online = new Set((data.online || []).map((entry) => entry.deviceId).filter(Boolean));
    showPresence();
  });

  // One listener for every Find button, those of devices listed later included.
  document.getElementById("devices-panel").addEventListener("click", (event) => {
    const button = event.target.closest("[data-find]");
    if (!button) return;
    live.send("device.find", { deviceId: button.dataset.find });
    button.textContent = t("platform.find.finding");
    setTimeout(() => (button.textContent = t("platform.find.find")), 2000);
  });

  async function refreshList() {
    try {
      const response = await fetch("/phone/devices", { headers: { Accept: "text/html" } });
      const page = new DOMParser().parseFromString(await response.text(), "text/html");
      const fresh = page.getElementById("devices-panel");
      if (response.ok && fresh) document.getElementById("devices-panel").replaceChildren(...fresh.childNodes);
      showPresence();
    } catch { /* offline: the list catches up on the next visit */ }
  }

  live.on("device.paired", async (data) => {
    const panel = document.getElementById("pair-panel");
    const said = t("devices.pair.paired_with", { name: data.name });
    if (panel?.dataset.pairing && panel.dataset.pairing === data.pairingId) {
      document.getElementById("pairing-shown")?.remove();
      delete panel.dataset.pairing;
      const notice = document.getElementById("paired-notice");
      notice.textContent = said;
      notice.hidden = false;
      const button = panel.querySelector("form button");
      button.textContent = t("devices.pair.another");
      button.classList.replace("secondary", "primary");
    }
    showSnackbar(said);
    await refreshList();
  });
}
