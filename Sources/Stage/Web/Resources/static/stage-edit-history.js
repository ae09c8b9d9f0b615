// Undo and redo on the edit page (S6): whole states (order, visibility, the notes in the language being edited), up
// to `limit` each way. Leaving the page, or taking in another device's change, clears them.

export class EditHistory {
  constructor(limit, onChange) {
    this.limit = limit;
    this.onChange = onChange;
    this.undoStack = [];
    this.redoStack = [];
  }

  /** Before a change: `state` (now) can be gone back to; what could be redone goes. */
  remember(state) {
    this.undoStack.push(state);
    if (this.undoStack.length > this.limit) this.undoStack.shift();
    this.redoStack = [];
    this.onChange();
  }

  /** The change just remembered did not happen. */
  forget() {
    this.undoStack.pop();
    this.onChange();
  }

  clear() {
    this.undoStack = [];
    this.redoStack = [];
    this.onChange();
  }

  /** The state to put back for "undo" or "redo", keeping `now` on the other side; null when there is none. */
  take(direction, now) {
    const [from, to] = direction === "undo" ? [this.undoStack, this.redoStack] : [this.redoStack, this.undoStack];
    const state = from.pop();
    if (!state) return null;
    to.push(now);
    if (to.length > this.limit) to.shift();
    this.onChange();
    return state;
  }
}

/** Ctrl/⌘-Z undoes, Ctrl/⌘-Shift-Z and Ctrl/⌘-Y redo, except in fields that have their own undo. */
export function bindUndoKeys(undo, redo) {
  document.addEventListener("keydown", (event) => {
    if (!(event.ctrlKey || event.metaKey)) return;
    if (event.target.matches && event.target.matches("input, select, textarea")) return;
    const key = event.key.toLowerCase();
    if (key === "z" && !event.shiftKey) { event.preventDefault(); undo(); }
    else if ((key === "z" && event.shiftKey) || key === "y") { event.preventDefault(); redo(); }
  });
}
