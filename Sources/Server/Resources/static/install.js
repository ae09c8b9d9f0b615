// Offers to install Cadence where the browser says it can (Chromium's beforeinstallprompt): the top bar's
// "Install app" button appears, and goes once the app is installed. Other browsers install from their own menu
// (Safari: Share → Add to Home Screen; Firefox on Android: Install), so nothing is shown there.
const button = document.getElementById("install-app");
let offer = null;

window.addEventListener("beforeinstallprompt", (event) => {
  event.preventDefault(); // keep the offer for the button instead of the browser's own mini-bar
  offer = event;
  if (button) button.hidden = false;
});

button?.addEventListener("click", async () => {
  const chosen = offer;
  offer = null;
  button.hidden = true;
  if (chosen) await chosen.prompt();
});

window.addEventListener("appinstalled", () => {
  offer = null;
  if (button) button.hidden = true;
});
