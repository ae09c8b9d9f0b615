// The edit page's requests to `/api/v1/stage/talks/{id}…`: JSON (or a file as the body) out, the parsed answer
// back; a refusal becomes an Error with the API's message and the HTTP status (409: changed on another device).
import { t } from "./i18n.js";

export function talkAPI(base) {
  async function call(method, path, body, raw) {
    const options = { method, credentials: "same-origin", headers: {} };
    if (raw) {
      options.body = raw;
      options.headers["Content-Type"] = raw.type || "application/octet-stream";
    } else if (body !== undefined) {
      options.body = JSON.stringify(body);
      options.headers["Content-Type"] = "application/json";
    }
    const response = await fetch(base + path, options);
    const text = await response.text();
    const data = text ? JSON.parse(text) : null;
    if (!response.ok) {
      const error = new Error((data && (data.message || (data.error && data.error.message))) || t("stage.edit.server_status", { status: response.status }));
      error.status = response.status;
      throw error;
    }
    return data;
  }
  return call;
}
