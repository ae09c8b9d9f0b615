// The presenter's notes: one paragraph per line; leading tabs (imported notes) or two spaces a level (edited
// notes) indent, kept in em so they grow and shrink with the font; "•" lines hang their bullet. Long notes are
// read a page at a time.
import { t } from "./i18n.js";

/** Fills `container` with `text` drawn as notes, or says there are none. */
export function fillNotes(container, text) {
  container.replaceChildren();
  if (!text) {
    const empty = document.createElement("p");
    empty.className = "note-line muted";
    empty.textContent = t("stage.notes.none");
    empty.lang = document.documentElement.lang; // the interface's words, not the notes'

    container.append(empty);
    return;
  }
  for (const raw of text.split("\n")) {
    const tabs = raw.match(/^\t*/)[0].length;
    const spaces = tabs ? 0 : raw.match(/^ */)[0].length;
    const level = tabs || Math.floor(spaces / 2);
    const line = document.createElement("p");
    line.className = "note-line";
    line.dataset.level = String(Math.min(level, 6));
    const content = raw.slice(tabs || spaces);
    if (/^[•–-]\s/.test(content)) line.classList.add("bullet");
    if (content) appendRich(line, content);
    else line.textContent = "\u00a0";
    container.append(line);
  }
}

/** Rich-notes markup (Sources/Stage/Domain/Variations/RichNotes.swift) as elements, never as HTML text:
 * **bold**, *italic*, __underline__, ~~strikethrough~~. */
export function appendRich(parent, text) {
  const pattern = /(\*\*|__|~~|\*)(.+?)\1/;
  let rest = text;
  while (rest) {
    const match = pattern.exec(rest);
    if (!match) {
      parent.append(rest);
      return;
    }
    if (match.index) parent.append(rest.slice(0, match.index));
    const styled = document.createElement({ "**": "b", __: "u", "~~": "s", "*": "i" }[match[1]]);
    appendRich(styled, match[2]);
    parent.append(styled);
    rest = rest.slice(match.index + match[0].length);
  }
}

/** How far one page of notes scrolls: the visible height less a line, so the last line read stays in view. */
export function notesPageStep(container) {
  const lineHeight = parseFloat(getComputedStyle(container).lineHeight) || 24;
  return Math.max(lineHeight, container.clientHeight - lineHeight);
}

/** How many pages the notes in `container` take at the present font size. */
export function notesPageCount(container) {
  const overflow = container.scrollHeight - container.clientHeight;
  return overflow <= 1 ? 1 : 1 + Math.ceil(overflow / notesPageStep(container));
}

function escapeHTML(text) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function inline(text) {
  return escapeHTML(text)
    .replace(/\*\*(.+?)\*\*/g, "<b>$1</b>")
    .replace(/__(.+?)__/g, "<u>$1</u>")
    .replace(/~~(.+?)~~/g, "<s>$1</s>")
    .replace(/\*(.+?)\*/g, "<i>$1</i>");
}

/** Rich-notes markup as the edit page's editor shows it: lines as <div>, "- " bullets (two spaces a level) as
 * nested lists, **bold**, *italic*, __underline__, ~~strikethrough~~; everything else escaped. */
export function markupToHTML(markup) {
  let html = "";
  let depth = 0;
  for (const line of markup.split("\n")) {
    const bullet = /^( *)- (.*)$/.exec(line);
    const level = bullet ? Math.floor(bullet[1].length / 2) + 1 : 0;
    while (depth < level) { html += "<ul>"; depth++; }
    while (depth > level) { html += "</ul>"; depth--; }
    html += bullet ? `<li>${inline(bullet[2])}</li>` : `<div>${line ? inline(line) : "<br>"}</div>`;
  }
  while (depth-- > 0) html += "</ul>";
  return html;
}
