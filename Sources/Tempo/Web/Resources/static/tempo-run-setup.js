// Before a run starts on the phone: the plans and their playlists to choose from, and a run recording on another
// device (started on the watch), said with a link to it; the phone does not take it over.
import { formatNumber, formatTime, t } from "./i18n.js";
import { api, el } from "./tempo-util.js";

const $ = (id) => document.getElementById(id);

export async function showRunElsewhere(running) {
  const notice = $("run-elsewhere");
  if (running) { notice.hidden = true; return; }
  let list;
  try { list = await api("GET", "/runs"); } catch { return; }
  const recording = list.find((r) => r.status === "recording" && Date.now() - Date.parse(r.startedAt) < 12 * 3600 * 1000);
  notice.hidden = !recording;
  if (!recording) return;
  const started = formatTime(new Date(recording.startedAt));
  notice.replaceChildren(
    t("tempo.run.setup.elsewhere", { name: recording.name, time: started }) + " ",
    el("a", { href: recording.url, text: t("tempo.run.setup.see_it") }),
  );
  notice.dataset.runId = recording.id.toLowerCase();
}

/** A plan's activity as the option says it ("running"). */
function activityText(activity) {
  return ["running", "walking", "cycling", "other"].includes(activity) ? t(`tempo.run.setup.activity.${activity}`) : activity;
}

/** The plans, the one the page was opened for (`root.dataset.planId`) or the first chosen, then its playlists. */
export async function loadPlans(root, fail) {
  let plans;
  try {
    plans = await api("GET", "/plans");
  } catch (error) {
    fail(error);
    return;
  }
  const select = $("run-plan");
  for (const body of plans) {
    const id = body.plan.id.toLowerCase();
    select.append(el("option", { value: id, text: t("tempo.run.setup.plan_option", {
      name: body.plan.name, minutes: formatNumber(Math.round(body.totalSeconds / 60)), activity: activityText(body.plan.activity) }) }));
  }
  if (root.dataset.planId && plans.some((b) => b.plan.id.toLowerCase() === root.dataset.planId)) select.value = root.dataset.planId;
  else if (plans.length && !root.dataset.planId) select.value = plans[0].plan.id.toLowerCase();
  await loadPlaylists(root, fail);
}

/** The chosen plan's playlists, the newest (or the one the page was opened for) chosen; "No music" is always there. */
export async function loadPlaylists(root, fail) {
  const select = $("run-playlist");
  select.replaceChildren(el("option", { value: "", text: t("tempo.run.setup.no_music") }),
    el("option", { value: "follow", text: t("tempo.run.setup.follow") }));
  const planId = $("run-plan").value;
  if (!planId) return;
  try {
    const lists = await api("GET", `/plans/${planId}/playlists`);
    lists.forEach((body, index) => {
      const minutes = Math.round(body.playlist.entries.reduce((s, e) => s + e.duration, 0) / 60);
      select.append(el("option", { value: body.id.toLowerCase(), text: t("tempo.run.setup.playlist_option", {
        number: index + 1, songs: formatNumber(body.playlist.entries.length), minutes: formatNumber(minutes) }) }));
    });
    const wanted = root.dataset.playlistId;
    if (wanted && lists.some((b) => b.id.toLowerCase() === wanted)) select.value = wanted;
    else if (lists.length) select.value = lists[lists.length - 1].id.toLowerCase();
  } catch (error) {
    fail(error);
  }
}
