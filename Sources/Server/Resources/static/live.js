// Cadence live channel client (P3, P7): one WebSocket per page, reconnecting by
// itself with backoff and jitter, resuming from the last seq it saw, queueing
// commands while offline and resending them with the same id until acknowledged
// (the server applies each id once).

const SEQ_KEY = "cadence.live.seq";
const QUEUE_KEY = "cadence.live.queue";

export function newId() {
  if (crypto.randomUUID) return crypto.randomUUID();
  // Pages served over plain http on a LAN are not a secure context: build a v4 UUID by hand.
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** The page's online/offline indicator (`#live-status`, and `data-live` on the body for styles), in the words
 * the page chooses for each state. */
export function showLiveStatus(state, labels) {
  document.body.dataset.live = state;
  const status = document.getElementById("live-status");
  if (!status) return;
  status.hidden = false;
  status.dataset.state = state;
  status.textContent = labels[state] || state;
}

export class LiveChannel {
  constructor({ onStatus = () => {}, path = "/api/v1/live" } = {}) {
    this.path = path;
    this.onStatus = onStatus;
    this.handlers = new Map();
    this.socket = null;
    this.attempt = 0;
    this.stopped = false;
    const stored = sessionStorage.getItem(SEQ_KEY);
    this.lastSeq = stored === null ? null : Number(stored);
    this.pending = JSON.parse(sessionStorage.getItem(QUEUE_KEY) || "[]");
  }

  on(type, handler) {
    if (!this.handlers.has(type)) this.handlers.set(type, []);
    this.handlers.get(type).push(handler);
    return this;
  }

  connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const since = this.lastSeq === null ? "" : `?since=${this.lastSeq}`;
    const socket = new WebSocket(`${scheme}://${location.host}${this.path}${since}`);
    this.socket = socket;
    this.onStatus("connecting");
    socket.addEventListener("open", () => {
      this.attempt = 0;
      this.onStatus("online");
      for (const command of this.pending) socket.send(JSON.stringify(command));
    });
    socket.addEventListener("message", (message) => this.receive(message.data));
    socket.addEventListener("close", (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (event.code === 1008) {
        // Policy violation: this device was removed. Do not hammer the server.
        this.stopped = true;
        this.onStatus("revoked");
        this.dispatch({ type: "closed", data: { reason: event.reason } });
        return;
      }
      this.onStatus("offline");
      this.scheduleReconnect();
    });
    // An error is always followed by a close; reconnecting happens there.
    socket.addEventListener("error", () => {});
  }

  scheduleReconnect() {
    if (this.stopped) return;
    const base = Math.min(30000, 500 * 2 ** this.attempt);
    const delay = base * (0.5 + Math.random());
    this.attempt += 1;
    setTimeout(() => this.connect(), delay);
  }

  receive(text) {
    let message;
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    if (typeof message.seq === "number") {
      if (this.lastSeq !== null && message.seq <= this.lastSeq) return; // seen already
      this.remember(message.seq);
    } else if (message.type === "hello" || message.type === "resync") {
      if (typeof message.data?.seq === "number") this.remember(message.data.seq);
    } else if (message.type === "ack") {
      this.pending = this.pending.filter((command) => command.id !== message.data?.id);
      this.saveQueue();
    } else if (message.type === "error" && message.data?.id) {
      // A refused command will not succeed on resend either.
      this.pending = this.pending.filter((command) => command.id !== message.data.id);
      this.saveQueue();
    }
    this.dispatch(message);
  }

  remember(seq) {
    this.lastSeq = seq;
    sessionStorage.setItem(SEQ_KEY, String(seq));
    document.body.dataset.liveSeq = String(seq);
  }

  dispatch(message) {
    for (const handler of this.handlers.get(message.type) || []) handler(message.data || {}, message);
    for (const handler of this.handlers.get("*") || []) handler(message.data || {}, message);
  }

  /** Sends a command now, or as soon as the channel is back. */
  send(type, data = {}) {
    const command = { id: newId(), type, data };
    this.pending.push(command);
    this.saveQueue();
    if (this.socket && this.socket.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(command));
    return command.id;
  }

  saveQueue() {
    sessionStorage.setItem(QUEUE_KEY, JSON.stringify(this.pending));
  }
}
