// The presenter's position rules (S2), the same as Stage/PresenterState.swift; the
// browser tests run the Swift cases against this file.
//  - advancing pages through the notes before moving on; back on the first page goes
//    to the previous slide's first page;
//  - the last slide wraps to the first and back, the first to the last;
//  - a jump (typed number, thumbnail) lands on the slide's first notes page.
export class PresenterState {
  constructor(slideCount, index = 0) {
    this.slideCount = Math.max(0, slideCount);
    this.index = this.slideCount === 0 ? 0 : Math.min(Math.max(0, index), this.slideCount - 1);
    this.page = 0;
    this.pageCount = 1;
  }

  get number() {
    return this.slideCount === 0 ? 0 : this.index + 1;
  }

  get hasMoreNotes() {
    return this.page < this.pageCount - 1;
  }

  setPageCount(count) {
    this.pageCount = Math.max(1, count);
    this.page = Math.min(this.page, this.pageCount - 1);
  }

  advance() {
    if (this.slideCount === 0) return;
    if (this.hasMoreNotes) this.page += 1;
    else this.moveTo(this.index === this.slideCount - 1 ? 0 : this.index + 1);
  }

  back() {
    if (this.slideCount === 0) return;
    if (this.page > 0) this.page -= 1;
    else this.moveTo(this.index === 0 ? this.slideCount - 1 : this.index - 1);
  }

  jumpToNumber(number) {
    if (!Number.isInteger(number) || number < 1 || number > this.slideCount) return false;
    this.moveTo(number - 1);
    return true;
  }

  moveTo(index) {
    this.index = index;
    this.page = 0;
    this.pageCount = 1;
  }
}

// The position in a newer deck of the same talk (another appeal choice, A.3.4): null while the
// current slide is one of the appeal's, so the change waits until the appeal is over; otherwise
// the same slide on the same notes page (the same position, should that slide be gone).
export function positionInNewDeck(state, newSlideIds, currentId, currentIsAppeal) {
  if (currentIsAppeal) return null;
  const found = newSlideIds.indexOf(currentId);
  const moved = new PresenterState(newSlideIds.length, found >= 0 ? found : Math.min(state.index, newSlideIds.length - 1));
  if (found >= 0) {
    moved.setPageCount(state.pageCount);
    moved.page = state.page;
  }
  return moved;
}
