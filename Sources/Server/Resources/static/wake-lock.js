// Keeps the screen on while a device is working: a talk running on the watch, a run being recorded, the presenter
// and every audience display (the Screen Wake Lock API). The browser drops the lock whenever the page is hidden,
// so it is asked for again when the page is visible again. Where the API is missing or the system refuses (battery
// saver), the page works as before; <html data-wake-lock> says "held", "wanted" or "off".
export class ScreenWakeLock {
  #wanted = false;
  #sentinel = null;
  #asking = null;
  #requests = 0;

  constructor() {
    document.addEventListener("visibilitychange", () => {
      if (this.#wanted && document.visibilityState === "visible") void this.#acquire();
    });
    this.#show();
  }

  /** Holds the lock while `on` is true; cheap to call on every render. */
  keep(on) {
    if (Boolean(on) === this.#wanted) return;
    this.#wanted = Boolean(on);
    if (this.#wanted) void this.#acquire();
    else void this.#drop();
  }

  get #held() {
    return Boolean(this.#sentinel && !this.#sentinel.released);
  }

  async #acquire() {
    if (!("wakeLock" in navigator) || this.#asking || this.#held || document.visibilityState !== "visible") return;
    this.#requests += 1;
    this.#asking = navigator.wakeLock.request("screen").then(
      (sentinel) => {
        this.#sentinel = sentinel;
        sentinel.addEventListener("release", () => this.#show());
        if (!this.#wanted) void this.#drop(); // the talk ended while the browser was asked
      },
      () => {}, // refused (hidden, battery saver, a policy): the screen may dim, nothing else changes
    );
    await this.#asking;
    this.#asking = null;
    this.#show();
  }

  async #drop() {
    const sentinel = this.#sentinel;
    this.#sentinel = null;
    if (sentinel && !sentinel.released) await sentinel.release().catch(() => {});
    this.#show();
  }

  #show() {
    const root = document.documentElement;
    root.dataset.wakeLock = this.#held ? "held" : this.#wanted ? "wanted" : "off";
    root.dataset.wakeLockRequests = String(this.#requests);
  }
}
