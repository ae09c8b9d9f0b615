// Sends what the audience sees to the server (`POST /api/v1/stage/screen`), which passes it to every paired display.
// One request at a time, always the newest state, so the screens never go backwards. A failure is said (through
// `onError`) and retried, sooner at first and then every few seconds, until it lands or a newer state replaces it;
// a refusal is said once and the next move sends anew.
import { t } from "./i18n.js";

export class ScreenSender {
  constructor({ onError = () => {}, onSent = () => {} } = {}) {
    this.onError = onError;
    this.onSent = onSent;
    this.lastSent = "";
    this.queued = null;
    this.sending = null;
    this.wake = null; // ends a retry's wait early when a newer state is queued
    this.stopped = false;
  }

  /** Sends `body` unless it is what was sent last (`force` sends it anyway). */
  send(body, force = false) {
    if (this.stopped) return;
    const key = JSON.stringify(body);
    if (key === this.lastSent && !force) return;
    this.lastSent = key;
    this.queued = body;
    if (this.wake) this.wake();
    else if (!this.sending) this.flush();
  }

  /** Sends nothing more; resolves once a request already on its way has landed (or failed). */
  async stop() {
    this.stopped = true;
    this.queued = null;
    if (this.wake) this.wake();
    await this.sending;
  }

  async flush() {
    let delay = 500;
    while (this.queued && !this.stopped) {
      const body = this.queued;
      this.queued = null;
      this.sending = postScreen(body);
      const failure = await this.sending;
      this.onSent();
      if (!failure) {
        this.onError(null);
        delay = 500;
        continue;
      }
      if (!failure.retry) {
        this.onError(t("stage.screens.failed", { reason: failure.message }));
        continue;
      }
      this.onError(t("stage.screens.retrying", { reason: failure.message }));
      if (!this.queued) this.queued = body;
      await new Promise((resolve) => {
        this.wake = resolve;
        setTimeout(resolve, delay);
      });
      this.wake = null;
      delay = Math.min(delay * 2, 5000);
    }
    this.sending = null;
  }
}

// Answers null when the screens took the state, else what went wrong, in words, and whether trying again can help
// (no network, a busy or failing server).
async function postScreen(body) {
  try {
    const response = await fetch("/api/v1/stage/screen", {
      method: "POST", credentials: "same-origin", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
    });
    if (response.ok) return null;
    const answer = await response.json().catch(() => ({}));
    const retry = response.status >= 500 || response.status === 408 || response.status === 429;
    return { message: answer.error?.message || t("stage.screens.status", { status: response.status }), retry };
  } catch {
    return { message: t("stage.screens.unreachable"), retry: true };
  }
}
