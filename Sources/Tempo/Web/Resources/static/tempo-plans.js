// Tempo plans (M2): the shipped templates and the person's own (any activity) as "new plan" buttons, own ones
// deletable, and the person's plans.
import { api, deleteWithConfirmation, describeCurve, el, showError } from "./tempo-util.js";

const templates = document.getElementById("templates");
const templatesError = document.getElementById("templates-error");
const plans = document.getElementById("plans");
const status = document.getElementById("plans-status");

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
    const button = el("button", { type: "button", class: "secondary tempo-template", "data-template": template.templateId },
      el("span", { class: "tempo-template-name", text: template.plan.name }),
      el("span", { class: "tempo-template-detail", text: describeCurve(template.curve) }));
    button.addEventListener("click", async () => {
      button.disabled = true;
      templatesError.hidden = true;
      try {
        const made = await api("POST", "/plans", { template: template.templateId });
        location.assign(`/phone/tempo/plans/${made.plan.id.toLowerCase()}`);
      } catch (error) {
        button.disabled = false;
        showError(templatesError, error);
      }
    });
    if (template.builtIn) return el("li", {}, button);
    const remove = deleteWithConfirmation({
      label: "Delete", ariaLabel: `Delete the template ${template.plan.name}`,
      question: `Delete the template “${template.plan.name}”? Plans made from it stay.`,
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
    button.querySelector(".tempo-template-name").append(el("span", { class: "badge", text: `Yours · ${template.plan.activity}` }));
    return el("li", { class: "tempo-own-template" }, button, ...remove);
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
  status.textContent = list.length ? `${list.length} plan${list.length === 1 ? "" : "s"}.` : "No plans yet: start one from a template.";
  plans.replaceChildren(...list.map((body) => el("li", {},
    el("a", { href: `/phone/tempo/plans/${body.plan.id.toLowerCase()}`, class: "tempo-plan-link", text: body.plan.name }),
    el("span", { class: "muted", text: ` ${body.plan.activity} · ${describeCurve(body.curve)}` }))));
}

loadTemplates();
loadPlans();
