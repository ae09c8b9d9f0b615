// The pairing page (issue 39): a watch need not say it is a watch. Unless the link named the role, the screen's size
// chooses it (a watch is under 300 px wide, a display wide and landscape, else a phone), and the device is named
// after its role until the person types a name of their own.
const role = document.getElementById("role");
const name = document.getElementById("name");

if (role && name) {
  const labels = Object.fromEntries([...role.options].map((option) => [option.value, option.textContent]));
  const isDefaultName = () => Object.values(labels).includes(name.value.trim()) || name.value.trim() === "";
  const chooseName = () => { if (isDefaultName()) name.value = labels[role.value] ?? name.value; };

  if (!role.hasAttribute("data-given")) {
    const width = Math.min(window.innerWidth, screen.width || window.innerWidth);
    const height = Math.min(window.innerHeight, screen.height || window.innerHeight);
    const guess = width < 300 ? "watch" : width >= 900 && width > height ? "display" : "phone";
    if (labels[guess]) role.value = guess;
    chooseName();
  }
  role.addEventListener("change", chooseName);
}
