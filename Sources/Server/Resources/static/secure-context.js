// Browsers keep location, notifications, install, Bluetooth sensors, motion, wake lock and the offline app for
// secure contexts (HTTPS, or localhost). On a plain-HTTP address they are simply missing, and the errors a page
// then gets say "permission denied", which is not what happened and which no setting fixes. So a page asks here
// first, and says instead that HTTPS is missing, with a link to the page that explains how to get it.
import { t } from "./i18n.js";

/** True on a plain-HTTP address other than localhost, where those capabilities do not exist. */
export const httpsMissing = !window.isSecureContext;

export const TRUST_PAGE = "/trust";

/** The sentence for `what` (location, notifications, sensors: a key under js.https.missing), as text. */
export function httpsMissingText(what) {
  return t(`https.missing.${what}`);
}

/** Puts "<what> needs Cadence over HTTPS…" and a link to the trust page in `element` (marked for tests and styles). */
export function sayHTTPSMissing(element, what) {
  const link = document.createElement("a");
  link.href = TRUST_PAGE;
  link.textContent = t("https.how");
  element.replaceChildren(httpsMissingText(what), " ", link);
  element.dataset.httpsMissing = what;
}
