// The table to see: where the player is (the status line) and the state of play the status
// keys speak (the hand with its cursor, the spoons, the players...), large, each under the
// name of its key. Hidden from screen readers, which hear the game's own lines.

const MOST = 8;

function valid(cell) {
  return cell !== null && typeof cell === "object" && typeof cell.name === "string"
    && typeof cell.text === "string" && cell.name.length <= 200 && cell.text.length <= 1000;
}

export function createTable({ table, statusLine }) {
  function show(title, cells) {
    if (typeof title === "string" && title) statusLine.textContent = title;
    const taken = Array.isArray(cells) ? cells.slice(0, MOST).filter(valid) : [];
    table.replaceChildren(...taken.map((cell) => {
      const element = document.createElement("div");
      element.className = "cell";
      const name = document.createElement("div");
      name.className = "name";
      name.textContent = cell.name;
      const text = document.createElement("div");
      text.className = "text";
      text.textContent = cell.text;
      element.append(name, text);
      return element;
    }));
    table.hidden = taken.length === 0;
  }

  return { show };
}
