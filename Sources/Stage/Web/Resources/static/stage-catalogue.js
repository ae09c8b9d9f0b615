// Download series (S8): each package is fetched in chunks with HTTP Range requests, so Pause
// simply stops after (or aborts) the current chunk and Resume carries on from the next byte.
// The chunks are kept in memory (a reload starts the download again). When every byte is here
// the file's SHA-256 is checked in the browser (crypto.subtle; on a plain-http LAN address the
// browser has no crypto.subtle and the server checks it when installing), then it is installed.
const list = document.getElementById("catalogue");
const CHUNK = Number(list?.dataset.chunk) || 1 << 20;

function formatBytes(n) {
  if (n < 1000) return `${n} bytes`;
  const units = ["KB", "MB", "GB", "TB"];
  let value = n / 1000;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

function formatDuration(seconds) {
  const s = Math.max(1, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
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
    this.status.textContent = `Paused at ${formatBytes(this.offset)} of ${formatBytes(this.bytes)}.`;
    this.detail.textContent = `${formatBytes(this.offset)} of ${formatBytes(this.bytes)}`;
    this.bar.dataset.state = "paused";
  }

  render() {
    const percent = this.bytes ? Math.floor((this.offset / this.bytes) * 100) : 100;
    this.bar.setAttribute("aria-valuenow", String(percent));
    this.bar.setAttribute("aria-valuetext", `${percent}%, ${formatBytes(this.offset)} of ${formatBytes(this.bytes)}`);
    this.fill.style.width = `${percent}%`;
    const now = performance.now();
    this.samples.push({ t: now, offset: this.offset });
    while (this.samples.length > 2 && now - this.samples[0].t > 5000) this.samples.shift();
    const first = this.samples[0];
    const seconds = (now - first.t) / 1000;
    const speed = seconds > 0.05 ? (this.offset - first.offset) / seconds : 0;
    let text = `${formatBytes(this.offset)} of ${formatBytes(this.bytes)}`;
    if (speed > 0) {
      text += ` · ${formatBytes(Math.round(speed))}/s`;
      if (this.offset < this.bytes) text += ` · about ${formatDuration((this.bytes - this.offset) / speed)} left`;
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
    this.status.textContent = "Downloading…";
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
          return this.refuse(`The server's copy of “${this.title}” is incomplete or damaged (${formatBytes(total ?? 0)} of ` +
            `${formatBytes(this.bytes)}): it does not match the catalogue, so it cannot be installed. Nothing was installed.`);
        }
        if (response.status !== 206) {
          return this.stop(await errorMessage(response, `The download failed (${response.status}).`), response.status >= 500);
        }
        data = new Uint8Array(await response.arrayBuffer());
      } catch (error) {
        if (!live()) return; // paused
        return this.stop(`The connection was lost at ${formatBytes(this.offset)} of ${formatBytes(this.bytes)}. ` +
          "Press Resume to carry on from there.", true);
      }
      if (!live()) return;
      if (data.byteLength !== end - this.offset + 1) {
        return this.refuse(`The server sent a damaged part of “${this.title}”. Nothing was installed; download it again.`);
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
    this.status.textContent = resumable ? "Stopped" : "Not downloaded";
    this.buttons(resumable ? { resume: true } : { start: true });
  }

  /** The package cannot be installed: everything downloaded is dropped. */
  refuse(text) {
    this.reset();
    this.say(text);
    this.status.textContent = "Not installed";
    this.bar.dataset.state = "refused";
    this.passwordForm.hidden = true;
    this.startButton.textContent = "Download again";
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
      this.status.textContent = "Checking the checksum (SHA-256)…";
      const digest = hex(await crypto.subtle.digest("SHA-256", await this.blob.arrayBuffer()));
      if (digest !== this.sha256) {
        return this.refuse(`The download of “${this.title}” does not match its checksum (SHA-256): it was damaged on the way. ` +
          "Nothing was installed; download it again.");
      }
      checked = "Downloaded; checksum (SHA-256) verified.";
    } else {
      checked = "Downloaded. This page is not on a secure (HTTPS) address, so the checksum is checked by the server when installing.";
    }
    this.status.textContent = checked;
    if (this.protected) {
      this.passwordForm.hidden = false;
      this.status.textContent = `${checked} Enter the package's password to install it.`;
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
    this.status.textContent = "Installing…";
    const headers = { "Content-Type": "application/vnd.cadence.package" };
    if (password) headers["X-Package-Password"] = password;
    let response;
    try {
      response = await fetch(`/api/v1/stage/packages?catalogueId=${encodeURIComponent(this.id)}`, {
        method: "POST", body: this.blob, headers, credentials: "same-origin",
      });
    } catch {
      button.disabled = false;
      this.status.textContent = "Not installed yet";
      this.say("The server could not be reached; try installing again.");
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
      this.status.textContent = `Installed “${body.title}”: ${body.talks} talk${body.talks === 1 ? "" : "s"}, ` +
        `${body.slides} slide${body.slides === 1 ? "" : "s"}.`;
      const open = this.el(".catalogue-open");
      open.href = `/phone/stage/series/${body.seriesId}`;
      open.textContent = `Open ${body.title}`;
      this.el(".catalogue-done").hidden = false;
      this.startButton.textContent = "Download again";
      this.buttons({ start: true });
      return;
    }
    const text = body.error?.message || `Installing failed (${response.status}).`;
    if (body.error?.field === "password") {
      // A wrong password: the download is kept; try again.
      this.passwordForm.hidden = false;
      input.setAttribute("aria-invalid", "true");
      input.focus();
      this.status.textContent = "Not installed yet";
      this.say(text);
      return;
    }
    this.refuse(/nothing was installed/i.test(text) ? text : `${text} Nothing was installed.`);
  }
}

for (const item of document.querySelectorAll(".catalogue-entry[data-locked=no]")) new Download(item);
