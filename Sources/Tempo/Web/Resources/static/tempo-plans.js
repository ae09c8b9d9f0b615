// Tempo plans (M2): the shipped templates as "new plan" buttons, and the person's plans.
import { api, describeCurve, el, showError } from "./tempo-util.js";

const templates = document.getElementById("templates");
const templatesError = document.getElementById("templates-error");
const plans = document.getElementById("plans");
const status = document.getElementById("plans-status");

async function loadTemplates() {
  let list;
  try {
    list = await api("GET", "/templates");
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
    return el("li", {}, button);
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
