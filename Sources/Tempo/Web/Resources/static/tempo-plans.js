// Tempo plans (M2): the shipped templates and the person's own (any activity) as "new plan" buttons, own ones
// deletable, and the person's plans.
import { plural, t } from "./i18n.js";
import { api, clock, deleteWithConfirmation, describeCurve, drawChart, el, showError } from "./tempo-util.js";

const templates = document.getElementById("templates");
const templatesError = document.getElementById("templates-error");
const plans = document.getElementById("plans");
const status = document.getElementById("plans-status");

/** The templates Cadence ships, by the last part of their fixed ids (index within an activity). */
const builtInNames = { "000": "intervals", "001": "pyramid", "002": "progression" };

/** A template's name: a shipped one's in the page's language, the person's own as they wrote it. */
function templateName(template) {
  const which = template.builtIn && builtInNames[String(template.templateId).slice(-3)];
  return which ? t(`tempo.plan.template.${which}`) : template.plan.name;
}

/** A shipped template's interval names ("Easy", "Hard 3 min") in the page's language; any other name as it is. */
const intervalKeys = { Sprint: "sprint", Easy: "easy", "Cool-down": "cool_down", Progression: "progression" };
function intervalName(name) {
  const hard = /^Hard (\d+) min$/.exec(name || "");
  if (hard) return t("tempo.plan.interval.hard", { minutes: hard[1] });
  return intervalKeys[name] ? t(`tempo.plan.interval.${intervalKeys[name]}`) : name;
}

function translatedSteps(steps) {
  return steps.map((step) => (step.repeat ? { repeat: { ...step.repeat, steps: translatedSteps(step.repeat.steps) } }
    : { interval: { ...step.interval, ...(step.interval.name ? { name: intervalName(step.interval.name) } : {}) } }));
}

/** "running", "walking" or "cycling", as the page's language says it. */
function activityName(activity) {
  return ["running", "walking", "cycling"].includes(activity) ? t(`tempo.plan.activity.${activity}`) : activity;
}

function svgChart() {
  const chart = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  chart.setAttribute("class", "tempo-chart");
  chart.setAttribute("role", "img");
  chart.setAttribute("aria-label", t("tempo.plan.preview_chart"));
  return chart;
}

/** A plan's steps in lines: "Sprint · 2:00 · zone 5", a repeat as "6 ×" before its own. */
function previewLines(steps, depth = 0) {
  return steps.flatMap((step) => {
    if (step.repeat) return [t("tempo.plan.preview_repeat", { count: step.repeat.count }), ...previewLines(step.repeat.steps, depth + 1)];
    const i = step.interval;
    const length = "seconds" in i.length ? clock(i.length.seconds) : `${i.length.metres} m`;
    const target = "zone" in i.target ? t("tempo.plan.row.zone", { zone: i.target.zone })
      : "cadence" in i.target ? `${Math.round(i.target.cadence)}` : t("tempo.plan.row.pace", { pace: clock(i.target.pace) });
    return [`${depth ? "  " : ""}${[i.name, length, target].filter(Boolean).join(" · ")}`];
  });
}

async function loadTemplates() {
  let list;
  try {
    // The shipped running templates, then the person's own for every activity.
    const [running, walking, cycling] = await Promise.all(["running", "walking", "cycling"].map((a) => api("GET", `/templates?activity=${a}`)));
    list = [...running, ...[...walking, ...cycling].filter((t) => !t.builtIn)];
  } catch (error) {
    showError(templatesError, error);
    return;
  }
  templates.replaceChildren(...list.map((template) => {
    const button = el("button", { type: "button", class: "secondary tempo-template", "data-template": template.templateId,
      "aria-expanded": "false" },
      el("span", { class: "tempo-template-name", text: templateName(template) }),
      el("span", { class: "tempo-template-detail", text: describeCurve(template.curve) }));
    // A template is looked at before it is made a plan (issue 39): its curve and steps, then "Use this plan".
    const use = el("button", { type: "button", class: "primary", "data-use": template.templateId, text: t("tempo.plan.use_template") });
    const preview = el("div", { class: "tempo-template-preview" },
      el("div", { class: "tempo-chart-wrap" }, svgChart()),
      el("p", { class: "hint", text: t("tempo.plan.preview_total", { duration: clock(template.totalSeconds) }) }),
      el("ol", { class: "tempo-preview-steps" }, ...previewLines(translatedSteps(template.plan.steps)).map((line) => el("li", { text: line }))),
      use);
    preview.hidden = true;
    button.addEventListener("click", () => {
      const opening = preview.hidden;
      for (const other of templates.querySelectorAll(".tempo-template-preview")) other.hidden = true;
      for (const other of templates.querySelectorAll(".tempo-template")) other.setAttribute("aria-expanded", "false");
      preview.hidden = !opening;
      button.setAttribute("aria-expanded", String(opening));
      if (opening) drawChart(preview.querySelector("svg"), { curve: template.curve });
    });
    use.addEventListener("click", async () => {
      use.disabled = true;
      templatesError.hidden = true;
      try {
        // A shipped template's plan takes its words in the page's language (the person's to change from then on):
        // written whole when they differ from the template's own.
        const plan = template.builtIn ? { ...template.plan, name: templateName(template), steps: translatedSteps(template.plan.steps) } : null;
        const made = await api("POST", "/plans", plan && JSON.stringify(plan) !== JSON.stringify(template.plan) ? plan
          : { template: template.templateId });
        location.assign(`/phone/tempo/plans/${made.plan.id.toLowerCase()}`);
      } catch (error) {
        use.disabled = false;
        showError(templatesError, error);
      }
    });
    if (template.builtIn) return el("li", {}, button, preview);
    const remove = deleteWithConfirmation({
      label: t("tempo.plan.delete"), ariaLabel: t("tempo.plan.delete_template_label", { name: template.plan.name }),
      question: t("tempo.plan.delete_template_question", { name: template.plan.name }),
      onDelete: async () => {
        templatesError.hidden = true;
        try {
          await api("DELETE", `/templates/${template.templateId}`);
          loadTemplates();
        } catch (error) {
          showError(templatesError, error);
        }
      },
    });
    button.querySelector(".tempo-template-name").append(el("span", { class: "badge", text: t("tempo.plan.own_badge", { activity: activityName(template.plan.activity) }) }));
    return el("li", { class: "tempo-own-template" }, button, preview, ...remove);
  }));
}

async function loadPlans() {
  let list;
  try {
    list = await api("GET", "/plans");
  } catch (error) {
    status.textContent = error.message;
    return;
  }
  status.textContent = list.length ? plural("tempo.plan.count", list.length) : t("tempo.plan.none_yet");
  plans.replaceChildren(...list.map((body) => el("li", {},
    el("a", { href: `/phone/tempo/plans/${body.plan.id.toLowerCase()}`, class: "tempo-plan-link", text: body.plan.name }),
    el("span", { class: "muted", text: ` ${t("tempo.plan.list_detail", { activity: activityName(body.plan.activity), curve: describeCurve(body.curve) })}` }))));
}

loadTemplates();
loadPlans();
