// The presenter's controls besides its buttons: keyboards and presentation clickers (arrows, PageUp/PageDown,
// space; a number then Enter jumps; B or "." blanks the screens), and touch (swiping, or tapping the sides, as
// chosen in Settings).

export function wireControls({ advance, back, jump, toggleBlank, jumpInput, surface, advanceMethod }) {
  let typed = "";
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target;
    if (target.closest && target.closest("select, input:not(#jump), textarea")) return;
    if (target.id === "jump" && event.key !== "Enter" && event.key !== "Escape") return;
    if (/^[0-9]$/.test(event.key)) {
      typed += event.key;
      jumpInput.value = typed;
      event.preventDefault();
      return;
    }
    switch (event.key) {
      case "Enter": {
        const value = typed || jumpInput.value.trim();
        typed = "";
        jumpInput.value = "";
        if (value) jump(Number(value));
        else if (target.tagName !== "BUTTON") advance();
        else return;
        break;
      }
      case "Escape":
        typed = "";
        jumpInput.value = "";
        break;
      case "ArrowRight": case "ArrowDown": case "PageDown": case " ":
        if (target.tagName === "BUTTON" && event.key === " ") return;
        advance();
        break;
      case "ArrowLeft": case "ArrowUp": case "PageUp":
        back();
        break;
      case "b": case "B": case ".":
        toggleBlank();
        break;
      default:
        return;
    }
    event.preventDefault();
  });

  if (advanceMethod === "swipe") {
    let startX = null;
    surface.addEventListener("touchstart", (event) => (startX = event.touches[0].clientX), { passive: true });
    surface.addEventListener("touchend", (event) => {
      if (startX === null) return;
      const dx = event.changedTouches[0].clientX - startX;
      startX = null;
      if (Math.abs(dx) > 50) (dx < 0 ? advance : back)();
    });
  } else if (advanceMethod === "tap-sides") {
    surface.addEventListener("click", (event) => {
      const box = surface.getBoundingClientRect();
      const x = (event.clientX - box.left) / box.width;
      if (x < 1 / 3) back();
      else if (x > 2 / 3) advance();
    });
  }
}
