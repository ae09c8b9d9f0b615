// What the last action did ("Saved"), said once where the eye is: a snackbar above the module bar that goes after a
// few seconds, or at once when tapped. It is a status region, so a screen reader says it too. The layout renders a
// post's flash (after its redirect) into #snackbar; a page's script shows one with showSnackbar(text).
let timer;

export function showSnackbar(text) {
  let snackbar = document.getElementById("snackbar");
  if (!snackbar) {
    snackbar = document.createElement("p");
    snackbar.id = "snackbar";
    snackbar.className = "snackbar";
    snackbar.setAttribute("role", "status");
    snackbar.addEventListener("click", () => snackbar.classList.add("snackbar-gone"));
    document.body.append(snackbar);
  }
  snackbar.textContent = text;
  snackbar.classList.remove("snackbar-gone");
  clearTimeout(timer);
  timer = setTimeout(() => snackbar.classList.add("snackbar-gone"), 4000);
}

const rendered = document.getElementById("snackbar");
if (rendered) {
  rendered.addEventListener("click", () => rendered.classList.add("snackbar-gone"));
  timer = setTimeout(() => rendered.classList.add("snackbar-gone"), 4000);
}
