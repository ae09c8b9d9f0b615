// "Cues on my watch through this phone's notifications" (issue 37): a choice per phone, kept with this browser's push
// subscription. Turning it on sets up notifications first where they are not yet (one tap: the permission prompt,
// then the choice). The server then pushes a running talk's cues and a run's intervals here, and a watch that mirrors
// the phone's notifications (Apple Watch, Wear OS, Garmin, Fitbit…) buzzes with them.
import { t } from "./i18n.js";
import { PUSH_SCOPE, enablePush, pushUnavailable } from "./push.js";
import { sayHTTPSMissing, httpsMissing } from "./secure-context.js";

async function ownSubscription() {
  const registration = await navigator.serviceWorker.getRegistration(PUSH_SCOPE);
  return (await registration?.pushManager.getSubscription()) ?? null;
}

async function savedChoice() {
  const answer = await fetch("/api/v1/push/subscriptions", { credentials: "same-origin" });
  if (!answer.ok) return false;
  return (await answer.json()).find((subscription) => subscription.thisBrowser)?.wristCues ?? false;
}

async function choose(on) {
  let subscription = await ownSubscription();
  if (!subscription && on) {
    await enablePush();
    subscription = await ownSubscription();
  }
  if (!subscription) return false;
  const answer = await fetch("/api/v1/push/wrist-cues", {
    method: "PUT", credentials: "same-origin", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ endpoint: subscription.endpoint, on }),
  });
  if (!answer.ok) {
    const refusal = await answer.json().catch(() => ({}));
    throw new Error(refusal.error?.message ?? t("wrist.not_saved"));
  }
  return (await answer.json()).wristCues;
}

for (const box of document.querySelectorAll("[data-wrist-cues]")) {
  const status = document.getElementById(box.getAttribute("aria-describedby"));
  const say = (text) => { if (status) status.textContent = text; };
  const unavailable = pushUnavailable();
  if (unavailable) {
    box.disabled = true;
    if (httpsMissing && status) sayHTTPSMissing(status, "notifications");
    else say(unavailable);
    continue;
  }
  savedChoice().then((on) => {
    box.checked = on;
    box.disabled = false;
  }).catch(() => { box.disabled = false; });
  box.addEventListener("change", async () => {
    const wanted = box.checked;
    box.disabled = true;
    say(t("wrist.saving"));
    try {
      box.checked = await choose(wanted);
      say(t(box.checked ? "wrist.on" : "wrist.off"));
    } catch (error) {
      box.checked = !wanted;
      say(error.message || String(error));
    } finally {
      box.disabled = false;
    }
  });
}
