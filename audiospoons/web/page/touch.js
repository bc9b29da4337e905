// The keys to touch: the game sends the keys that do something now, each with its name as F1
// says it; each is drawn as a button that presses its key. The race's key (grab, slap, react)
// comes first and largest, then the keys that play, then those that only tell.

const ROWS = ["race", "play", "tell"];
const MOST = 48;

// "shift+f1" as a key cap: "Shift+F1"; ",", "<" stay as they are.
function capOf(label) {
  return label.split("+").map((part) => (part.length === 1 ? part.toUpperCase()
    : part.charAt(0).toUpperCase() + part.slice(1))).join("+");
}

function button(control, press) {
  const element = document.createElement("button");
  element.type = "button";
  element.dataset.key = control.label;
  const name = document.createElement("span");
  name.className = "name";
  name.textContent = control.name;
  element.append(name);
  const cap = capOf(control.label);
  if (cap !== control.name) {
    // The key itself, for those who see it; a screen reader hears what the button does.
    const shown = document.createElement("span");
    shown.className = "cap";
    shown.setAttribute("aria-hidden", "true");
    shown.textContent = cap;
    element.append(" ", shown);
  }
  element.addEventListener("click", (event) => press(control.label, event.timeStamp));
  return element;
}

// A control as the page takes it from the game: a label and a name, both short strings, and
// one of the rows; anything else is left out.
function valid(control) {
  return control !== null && typeof control === "object"
    && typeof control.label === "string" && control.label.length > 0
    && control.label.length <= 40 && typeof control.name === "string"
    && control.name.length <= 200 && ROWS.includes(control.row);
}

export function createTouchPanel({ panel, press }) {
  const rows = Object.fromEntries(ROWS.map((row) => {
    const element = document.createElement("div");
    element.className = `row ${row}`;
    panel.append(element);
    return [row, element];
  }));

  // The panel is fixed at the bottom of the window; the page keeps its height free below the
  // log, so that the log scrolls above the panel and never under it.
  new ResizeObserver(() => {
    document.documentElement.style.setProperty("--touch-height", `${panel.offsetHeight}px`);
  }).observe(panel);

  // The keys change as the game goes on: a player whose focus was on one of them keeps it on
  // the same key where it is still offered, else on the first, never losing it to the page.
  function show(controls) {
    if (!Array.isArray(controls)) return;
    const taken = controls.slice(0, MOST).filter(valid);
    const held = panel.contains(document.activeElement) ? document.activeElement.dataset.key
      : undefined;
    for (const row of ROWS) {
      rows[row].replaceChildren(...taken.filter((control) => control.row === row)
        .map((control) => button(control, press)));
    }
    if (held === undefined) return;
    const buttons = [...panel.querySelectorAll("button")];
    const again = buttons.find((element) => element.dataset.key === held) ?? buttons[0];
    if (again !== undefined) again.focus();
  }

  return { show };
}
