// Import page (S7): uploads the file with a progress bar, then follows the import's
// progress until the talk is ready; Cancel stops either step.
import { t } from "./i18n.js";
const form = document.getElementById("import-form");
const panel = document.getElementById("import-progress");
const bar = document.getElementById("import-bar");
const stage = document.getElementById("import-stage");
const message = document.getElementById("import-message");
const cancel = document.getElementById("import-cancel");
const open = document.getElementById("import-open");
let upload = null;
let jobId = null;
let stopped = false;

function fail(text) {
  message.hidden = false;
  message.textContent = text;
  cancel.hidden = true;
  form.querySelector("button[type=submit]").disabled = false;
}

form.addEventListener("submit", (event) => {
  event.preventDefault();
  const file = document.getElementById("file").files[0];
  if (!file) {
    document.getElementById("file").setAttribute("aria-invalid", "true");
    panel.hidden = false;
    stage.textContent = "";
    fail(t("stage.import.choose_file"));
    return;
  }
  const params = new URLSearchParams({ filename: file.name });
  const series = document.getElementById("series").value;
  if (series) params.set("seriesId", series);
  const title = document.getElementById("seriesTitle").value.trim();
  if (!series && title) params.set("seriesTitle", title);
  panel.hidden = false;
  message.hidden = true;
  open.hidden = true;
  cancel.hidden = false;
  stopped = false;
  form.querySelector("button[type=submit]").disabled = true;
  stage.textContent = t("stage.import.uploading");
  bar.value = 0;
  upload = new XMLHttpRequest();
  upload.open("POST", `/api/v1/stage/imports?${params}`);
  upload.setRequestHeader("Content-Type", "application/octet-stream");
  upload.upload.addEventListener("progress", (e) => {
    if (e.lengthComputable) bar.value = (e.loaded / e.total) * 0.3;
  });
  upload.addEventListener("load", () => {
    let body = {};
    try {
      body = JSON.parse(upload.responseText);
    } catch {}
    if (upload.status !== 202) {
      fail(body.error?.message || t("stage.import.upload_failed", { status: upload.status }));
      stage.textContent = t("stage.import.not_imported");
      return;
    }
    jobId = body.id;
    follow();
  });
  upload.addEventListener("error", () => fail(t("stage.import.unreachable")));
  upload.addEventListener("abort", () => {
    stage.textContent = t("stage.import.cancelled");
    fail(t("stage.import.upload_cancelled"));
  });
  upload.send(file);
});

async function follow() {
  while (jobId && !stopped) {
    const response = await fetch(`/api/v1/stage/imports/${jobId}`, { credentials: "same-origin" });
    if (!response.ok) return fail(t("stage.import.lost"));
    const job = await response.json();
    bar.value = 0.3 + job.fraction * 0.7;
    stage.textContent = job.stageText;
    if (job.state === "done") {
      cancel.hidden = true;
      form.querySelector("button[type=submit]").disabled = false;
      open.hidden = false;
      open.href = `/phone/stage/talks/${job.talkId.toLowerCase()}`;
      if (job.message) {
        message.hidden = false;
        message.className = "notice";
        message.textContent = job.messageText;
      }
      return;
    }
    if (job.state === "failed" || job.state === "cancelled") return fail(job.messageText || t("stage.import.failed"));
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

cancel.addEventListener("click", async () => {
  stopped = true;
  if (upload && upload.readyState !== XMLHttpRequest.DONE) {
    upload.abort();
    return;
  }
  if (jobId) {
    await fetch(`/api/v1/stage/imports/${jobId}/cancel`, { method: "POST", credentials: "same-origin" });
    stopped = false;
    follow();
  }
});
