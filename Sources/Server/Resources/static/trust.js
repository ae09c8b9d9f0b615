// "Continue to Cadence": asks the HTTPS address for /trust/check. The browser answers only if it trusts the
// certificate, so the page can say whether the steps above are done, and what is still missing.
import { t } from "./i18n.js";

const section = document.getElementById("trust-check");
const status = document.getElementById("trust-status");
const httpsURL = section?.dataset.httpsUrl;

async function check() {
  if (location.protocol === "https:") {
    section.dataset.trusted = "yes";
    status.textContent = t("trust.on_https");
    return;
  }
  try {
    const answer = await fetch(`${httpsURL}/trust/check`, { mode: "cors", cache: "no-store" });
    section.dataset.trusted = answer.ok ? "yes" : "no";
    status.textContent = answer.ok ? t("trust.trusted") : t("trust.not_trusted");
  } catch {
    section.dataset.trusted = "no";
    status.textContent = t("trust.not_trusted");
  }
}

if (section && httpsURL) {
  check();
  // Coming back from Settings: look again.
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") check(); });
}
