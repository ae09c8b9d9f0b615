// Download series (S8): each package is fetched in chunks with HTTP Range requests, so Pause
// simply stops after (or aborts) the current chunk and Resume carries on from the next byte.
// The chunks are kept in memory (a reload starts the download again). When every byte is here
// the file's SHA-256 is checked in the browser (crypto.subtle; on a plain-http LAN address the
// browser has no crypto.subtle and the server checks it when installing), then it is installed.
// Every word comes from the catalogue (js.stage.catalogue2.*); sizes and times are written in the page's locale.
import { t, plural, formatNumber, locale } from "./i18n.js";

const list = document.getElementById("catalogue");
const CHUNK = Number(list?.dataset.chunk) || 1 << 20;

const k = (key, values) => t(`stage.catalogue2.${key}`, values);

// As the server writes a size (LocaleFormat.fileSize), so a package reads the same from both: decimal units, the
// next unit from 999.95 (what would round to 1000), one decimal below 10 and from MB up, ties to even as ICU rounds.
function formatBytes(n) {
  if (n < 1000) return k("size_bytes", { size: formatNumber(n) });
  const units = ["size_kb", "size_mb", "size_gb", "size_tb"];
  let value = n / 1000;
  let unit = 0;
  while (value >= 999.95 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const digits = value < 10 || unit > 0 ? 1 : 0;
  const size = new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits, roundingMode: "halfEven" });
  return k(units[unit], { size: size.format(value) });
}

function formatDuration(seconds) {
  const s = Math.max(1, Math.round(seconds));
  if (s < 60) return k("time_seconds", { seconds: formatNumber(s) });
  if (s < 3600) return k("time_minutes", { minutes: formatNumber(Math.floor(s / 60)), seconds: formatNumber(s % 60) });
  return k("time_hours", { hours: formatNumber(Math.floor(s / 3600)), minutes: formatNumber(Math.floor((s % 3600) / 60)) });
}

function hex(buffer) {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
}

// The total size in a Content-Range header: "bytes 0-99/1234", or "bytes */1234" with a 416.
function rangeTotal(response) {
  const match = /\/(\d+)$/.exec(response.headers.get("Content-Range") || "");
  return match ? Number(match[1]) : null;
}

async function errorMessage(response, fallback) {
  try {
    const body = await response.json();
    return body.error?.message || fallback;
  } catch {
    return fallback;
  }
}

class Download {
  constructor(item) {
    this.item = item;
    this.id = item.dataset.id;
    this.title = item.dataset.title;
    this.bytes = Number(item.dataset.bytes);
    this.sha256 = item.dataset.sha256;
    this.protected = item.dataset.password === "yes";
    this.el = (selector) => item.querySelector(selector);
    this.startButton = this.el(".catalogue-start");
    this.pauseButton = this.el(".catalogue-pause");
    this.resumeButton = this.el(".catalogue-resume");
    this.bar = this.el(".catalogue-bar");
    this.fill = this.el(".catalogue-bar-fill");
    this.status = this.el(".catalogue-status");
    this.detail = this.el(".catalogue-detail");
    this.message = this.el(".catalogue-message");
    this.passwordForm = this.el(".catalogue-password");
    this.reset();
    this.startButton.addEventListener("click", () => this.start());
    this.pauseButton.addEventListener("click", () => this.pause());
    this.resumeButton.addEventListener("click", () => this.run());
    this.passwordForm.addEventListener("submit", (event) => {
      event.preventDefault();
      this.install(this.passwordForm.querySelector("input").value);
    });
  }

  reset() {
    this.chunks = [];
    this.offset = 0;
    this.blob = null;
    this.running = false;
    this.controller = null;
    this.samples = [];
  }

  buttons({ start = false, pause = false, resume = false }) {
    this.startButton.hidden = !start;
    this.pauseButton.hidden = !pause;
    this.resumeButton.hidden = !resume;
  }

  say(text) {
    this.message.hidden = !text;
    this.message.textContent = text || "";
  }

  start() {
    this.reset();
    this.say("");
    this.el(".catalogue-done").hidden = true;
    this.passwordForm.hidden = true;
    this.el(".catalogue-progress").hidden = false;
    this.run();
  }

  pause() {
    this.running = false;
    this.controller?.abort();
    this.buttons({ resume: true });
    this.status.textContent = k("paused", this.sizes());
    this.detail.textContent = k("progress", this.sizes());
    this.bar.dataset.state = "paused";
  }

  /** The bytes here and the package's size, for the messages that name them. */
  sizes() {
    return { done: formatBytes(this.offset), total: formatBytes(this.bytes) };
  }

  render() {
    const percent = this.bytes ? Math.floor((this.offset / this.bytes) * 100) : 100;
    this.bar.setAttribute("aria-valuenow", String(percent));
    this.bar.setAttribute("aria-valuetext", k("progress_percent", { percent: formatNumber(percent), ...this.sizes() }));
    this.fill.style.width = `${percent}%`;
    const now = performance.now();
    this.samples.push({ t: now, offset: this.offset });
    while (this.samples.length > 2 && now - this.samples[0].t > 5000) this.samples.shift();
    const first = this.samples[0];
    const seconds = (now - first.t) / 1000;
    const speed = seconds > 0.05 ? (this.offset - first.offset) / seconds : 0;
    let text = k("progress", this.sizes());
    if (speed > 0) {
      const values = { ...this.sizes(), speed: formatBytes(Math.round(speed)) };
      text = this.offset < this.bytes
        ? k("progress_speed_left", { ...values, time: formatDuration((this.bytes - this.offset) / speed) })
        : k("progress_speed", values);
    }
    this.detail.textContent = text;
  }

  async run() {
    // A resume right after a pause must not be cut short by the paused loop still unwinding.
    const mine = (this.generation = (this.generation || 0) + 1);
    const live = () => this.running && this.generation === mine;
    this.running = true;
    this.samples = [];
    this.say("");
    this.buttons({ pause: true });
    this.bar.dataset.state = "running";
    this.status.textContent = k("downloading");
    this.render();
    const url = `/api/v1/stage/catalogue/${this.id}/file`;
    while (live() && this.offset < this.bytes) {
      const end = Math.min(this.offset + CHUNK, this.bytes) - 1;
      this.controller = new AbortController();
      let data;
      try {
        const response = await fetch(url, {
          headers: { Range: `bytes=${this.offset}-${end}` }, signal: this.controller.signal,
          credentials: "same-origin", cache: "no-store",
        });
        if (!live()) return;
        const total = rangeTotal(response);
        if (response.status === 416 || (response.status === 206 && total !== this.bytes)) {
          return this.refuse(k("incomplete", { title: this.title, got: formatBytes(total ?? 0), total: formatBytes(this.bytes) }));
        }
        if (response.status !== 206) {
          return this.stop(await errorMessage(response, k("download_failed", { status: response.status })), response.status >= 500);
        }
        data = new Uint8Array(await response.arrayBuffer());
      } catch (error) {
        if (!live()) return; // paused
        return this.stop(k("connection_lost", this.sizes()), true);
      }
      if (!live()) return;
      if (data.byteLength !== end - this.offset + 1) {
        return this.refuse(k("damaged_part", { title: this.title }));
      }
      this.chunks.push(data);
      this.offset += data.byteLength;
      this.render();
    }
    if (live() && this.offset >= this.bytes) await this.verify();
  }

  /** A failure the download can resume from (a lost connection), or one it cannot. */
  stop(text, resumable) {
    this.running = false;
    this.say(text);
    this.status.textContent = resumable ? k("stopped") : k("not_downloaded");
    this.buttons(resumable ? { resume: true } : { start: true });
  }

  /** The package cannot be installed: everything downloaded is dropped. */
  refuse(text) {
    this.reset();
    this.say(text);
    this.status.textContent = k("not_installed");
    this.bar.dataset.state = "refused";
    this.passwordForm.hidden = true;
    this.startButton.textContent = k("download_again");
    this.buttons({ start: true });
  }

  async verify() {
    this.running = false;
    this.buttons({});
    this.bar.dataset.state = "complete";
    this.blob = new Blob(this.chunks, { type: "application/vnd.cadence.package" });
    this.chunks = [];
    let checked;
    if (window.isSecureContext && crypto.subtle) {
      this.status.textContent = k("checking");
      const digest = hex(await crypto.subtle.digest("SHA-256", await this.blob.arrayBuffer()));
      if (digest !== this.sha256) {
        return this.refuse(k("checksum_mismatch", { title: this.title }));
      }
      checked = "verified";
    } else {
      checked = "not_secure";
    }
    this.status.textContent = k(checked);
    if (this.protected) {
      this.passwordForm.hidden = false;
      this.status.textContent = k(`${checked}_password`);
      this.passwordForm.querySelector("input").focus();
    } else {
      await this.install(null);
    }
  }

  async install(password) {
    const input = this.passwordForm.querySelector("input");
    const button = this.passwordForm.querySelector("button");
    button.disabled = true;
    this.say("");
    this.status.textContent = k("installing");
    const headers = { "Content-Type": "application/vnd.cadence.package" };
    if (password) headers["X-Package-Password"] = password;
    let response;
    try {
      response = await fetch(`/api/v1/stage/packages?catalogueId=${encodeURIComponent(this.id)}`, {
        method: "POST", body: this.blob, headers, credentials: "same-origin",
      });
    } catch {
      button.disabled = false;
      this.status.textContent = k("not_installed_yet");
      this.say(k("unreachable"));
      if (!this.protected) this.passwordForm.hidden = false;
      return;
    }
    button.disabled = false;
    let body = {};
    try {
      body = await response.json();
    } catch {}
    if (response.status === 201) {
      this.passwordForm.hidden = true;
      input.removeAttribute("aria-invalid");
      this.blob = null;
      this.status.textContent = k("installed", {
        title: body.title, talks: plural("stage.catalogue2.talks", body.talks), slides: plural("stage.catalogue2.slides", body.slides),
      });
      const open = this.el(".catalogue-open");
      open.href = `/phone/stage/series/${body.seriesId}`;
      open.textContent = k("open", { title: body.title });
      this.el(".catalogue-done").hidden = false;
      this.startButton.textContent = k("download_again");
      this.buttons({ start: true });
      return;
    }
    const text = body.error?.message || k("install_failed", { status: response.status });
    if (body.error?.field === "password") {
      // A wrong password: the download is kept; try again.
      this.passwordForm.hidden = false;
      input.setAttribute("aria-invalid", "true");
      input.focus();
      this.status.textContent = k("not_installed_yet");
      this.say(text);
      return;
    }
    // The server's refusal is in the page's language; it may already say that nothing was installed.
    const said = /nothing was installed/i.test(text) || text.toLowerCase().includes(k("nothing_installed_phrase").toLowerCase());
    this.refuse(said ? text : k("nothing_installed", { message: text }));
  }
}

for (const item of document.querySelectorAll(".catalogue-entry[data-locked=no]")) new Download(item);
