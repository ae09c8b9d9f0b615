// The browser's time zone, shared by every page that shows or groups times: sent to the server as a
// cookie so server-rendered pages (Spots, the phone home) use it, and as `?tz=` where an API asks.

export const ZONE_COOKIE = "cadence_tz";

/** The browser's IANA zone ("Europe/Berlin"), else its offset now ("+02:00"). */
export function browserZone() {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (zone) return zone;
  } catch { /* old browser */ }
  const minutes = -new Date().getTimezoneOffset();
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}

/** Tells the server which zone to show times in from the next page on. */
export function rememberZone() {
  const zone = browserZone();
  const secure = location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${ZONE_COOKIE}=${encodeURIComponent(zone)}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
  return zone;
}
