// Turns on Web Push for this browser or device: asks the person's permission, subscribes with the installation's
// key (GET /api/v1/push/key) and hands the subscription to the server, which keeps it for this device. The
// subscription belongs to a service worker registration of its own (scope /push/), the same on every page, so a
// device has one subscription however many pages it uses.
import { t } from "./i18n.js";
import { httpsMissing, httpsMissingText, sayHTTPSMissing } from "./secure-context.js";

export const PUSH_SCOPE = "/push/";

function bytesOf(base64url) {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

function sameKey(subscription, key) {
  const current = subscription.options?.applicationServerKey;
  if (!current) return true; // the browser does not say; keep it
  const a = new Uint8Array(current);
  return a.length === key.length && a.every((byte, i) => byte === key[i]);
}

/** Why this browser cannot take pushes, or null when it can. */
export function pushUnavailable() {
  if (httpsMissing) return httpsMissingText("notifications");
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) {
    return t("platform.push.unsupported");
  }
  if (Notification.permission === "denied") return t("platform.push.blocked");
  return null;
}

/** Subscribes (or renews) and registers the subscription with the server. Throws with a message a person can read. */
export async function enablePush() {
  const unavailable = pushUnavailable();
  if (unavailable) throw new Error(unavailable);
  if (await Notification.requestPermission() !== "granted") throw new Error(t("platform.push.not_allowed"));
  const registration = await navigator.serviceWorker.register("/sw.js", { scope: PUSH_SCOPE });
  const keyAnswer = await fetch("/api/v1/push/key", { credentials: "same-origin" });
  if (!keyAnswer.ok) throw new Error(t("platform.push.no_key"));
  const key = bytesOf((await keyAnswer.json()).publicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription, key)) {
    await subscription.unsubscribe(); // made for another installation's key
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const saved = await fetch("/api/v1/push/subscriptions", {
    method: "POST", credentials: "same-origin", headers: { "Content-Type": "application/json" },
    body: JSON.stringify(subscription.toJSON()),
  });
  // The server's refusal is in the page's language already (the error envelope's message).
  if (!saved.ok) {
    const answer = await saved.json().catch(() => ({}));
    throw new Error(answer.error?.message ?? answer.message ?? t("platform.push.not_kept"));
  }
}

// The page's own button, where there is one ([data-push-enable], with [data-push-status] beside it).
const button = document.querySelector("[data-push-enable]");
const status = document.querySelector("[data-push-status]");
if (button) {
  const unavailable = pushUnavailable();
  if (httpsMissing) {
    if (status) sayHTTPSMissing(status, "notifications");
  } else if (unavailable) {
    if (status) status.textContent = unavailable;
  } else {
    button.hidden = false;
    button.addEventListener("click", async () => {
      button.disabled = true;
      if (status) status.textContent = t("platform.push.turning_on");
      try {
        await enablePush();
        if (status) status.textContent = t("platform.push.on");
        if (button.dataset.pushReload !== "no") location.reload();
      } catch (error) {
        if (status) status.textContent = error.message || String(error);
      } finally {
        button.disabled = false;
      }
    });
  }
}
