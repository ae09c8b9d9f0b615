import Foundation

/// Where a presentation is (S2): which presented slide, and which page of its notes.
/// The rules, shared with the presenter page's JavaScript (stage-present.js), which
/// runs the same cases in the browser tests:
/// - advancing pages through the notes before moving on; going back to the previous
///   slide lands on its first notes page;
/// - advancing on the last slide wraps to the first, going back on the first wraps to the last;
/// - jumping (by number, or by tapping a thumbnail) lands on the slide's first notes page
///   and never pages notes;
/// - a slide with caption markers has one page per caption step.
public struct PresenterState: Equatable, Sendable {
    public private(set) var slideCount: Int
    /// 0-based index among presented slides.
    public private(set) var index: Int
    /// 0-based notes page of the current slide.
    public private(set) var page: Int
    /// How many notes pages the current slide has (at least 1). The page lays the
    /// notes out and reports it, since it depends on the font size and the screen.
    public private(set) var pageCount: Int

    public init(slideCount: Int, index: Int = 0) {
        self.slideCount = max(0, slideCount)
        self.index = slideCount == 0 ? 0 : min(max(0, index), slideCount - 1)
        self.page = 0
        self.pageCount = 1
    }

    public var number: Int { slideCount == 0 ? 0 : index + 1 }
    public var hasMoreNotes: Bool { page < pageCount - 1 }

    /// Sets the current slide's page count (after a font-size change, say), keeping the page in range.
    public mutating func setPageCount(_ count: Int) {
        pageCount = max(1, count)
        page = min(page, pageCount - 1)
    }

    public mutating func advance() {
        guard slideCount > 0 else { return }
        if hasMoreNotes {
            page += 1
        } else {
            moveTo(index == slideCount - 1 ? 0 : index + 1)
        }
    }

    public mutating func back() {
        guard slideCount > 0 else { return }
        if page > 0 {
            page -= 1
        } else {
            moveTo(index == 0 ? slideCount - 1 : index - 1)
        }
    }

    /// Jumps to a slide number as typed (1-based); false when there is no such slide.
    @discardableResult
    public mutating func jump(toNumber number: Int) -> Bool {
        guard number >= 1, number <= slideCount else { return false }
        moveTo(number - 1)
        return true
    }

    /// The position in a newer deck of the same talk (another appeal choice, seed A.3.4): nil while
    /// the current slide is one of the appeal's, so the change waits until the appeal is over;
    /// otherwise the same slide on the same notes page (the same position, should that slide be gone).
    public func inNewDeck(slideIDs: [UUID], currentID: UUID, currentIsAppeal: Bool) -> PresenterState? {
        guard !currentIsAppeal else { return nil }
        guard let found = slideIDs.firstIndex(of: currentID) else {
            return PresenterState(slideCount: slideIDs.count, index: min(index, slideIDs.count - 1))
        }
        var moved = PresenterState(slideCount: slideIDs.count, index: found)
        moved.setPageCount(pageCount)
        moved.page = page
        return moved
    }

    private mutating func moveTo(_ newIndex: Int) {
        index = newIndex
        page = 0
        pageCount = 1
    }
}
