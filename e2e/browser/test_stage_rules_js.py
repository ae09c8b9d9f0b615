"""The presenter moves through a talk in JavaScript (static/stage-rules.js). These are
the cases of Tests/StageTests/PresenterStateTests.swift, run in Chromium, so the page
and the Swift rules cannot drift apart unnoticed."""

CASES = [
    # (slide count, start index, [operations], expected (number, page, hasMoreNotes))
    # An operation is "advance", "back", ("pages", n) or ("jump", n).
    (3, 0, [("pages", 3), "advance"], (1, 1, True)),
    (3, 0, [("pages", 3), "advance", "advance"], (1, 2, False)),
    (3, 0, [("pages", 3), "advance", "advance", "advance"], (2, 0, False)),
    (3, 1, [("pages", 2), "advance", "back"], (2, 0, True)),
    (3, 1, [("pages", 2), "advance", "back", "back"], (1, 0, False)),
    (4, 3, ["advance"], (1, 0, False)),
    (4, 3, ["advance", "back"], (4, 0, False)),
    (10, 0, [("pages", 4), "advance", ("jump", 7)], (7, 0, False)),
    (10, 0, [("jump", 7), ("jump", 0), ("jump", 11)], (7, 0, False)),
    (2, 0, [("pages", 5), "advance", "advance", "advance", ("pages", 2)], (1, 1, False)),
    (2, 0, [("pages", 5), "advance", "advance", "advance", ("pages", 2), "advance"], (2, 0, False)),
    (0, 0, ["advance", "back"], (0, 0, False)),
]


def test_the_presenter_page_follows_the_same_rules_as_swift(driver, server):
    driver.get(server + "/login")
    results = driver.execute_async_script("""
        const [cases, done] = arguments;
        import('/static/stage-rules.js').then(({ PresenterState }) => {
            done(cases.map(([count, start, operations]) => {
                const state = new PresenterState(count, start);
                for (const op of operations) {
                    if (op === "advance") state.advance();
                    else if (op === "back") state.back();
                    else if (op[0] === "pages") state.setPageCount(op[1]);
                    else if (op[0] === "jump") state.jumpToNumber(op[1]);
                }
                return [state.number, state.page, state.hasMoreNotes];
            }));
        }).catch((error) => done(String(error)));
    """, [[count, start, ops] for count, start, ops, _ in CASES])
    assert isinstance(results, list), results
    for (count, start, ops, expected), result in zip(CASES, results):
        assert tuple(result) == expected, f"{count} slides from {start}, {ops}: got {result}"


# The cases of PresenterNewDeckTests (Tests/StageTests/PresenterStateTests.swift): an appeal
# change is taken in away from the appeal, on the same slide and page, and waits on it.
NEW_DECK_CASES = [
    # (slide count, start index, page count, advances, new deck ids, current id, current is appeal) → (number, page, count) or None
    (4, 2, 3, 1, ["a", "b", "c", "e", "f"], "c", False, (3, 1, 5)),
    (4, 3, 1, 0, ["a", "b", "c", "e", "f"], "d", True, None),
    (5, 4, 1, 0, ["a", "b", "c"], "z", False, (3, 0, 3)),
]


def test_an_appeal_change_lands_in_the_page_as_in_swift(driver, server):
    driver.get(server + "/login")
    results = driver.execute_async_script("""
        const [cases, done] = arguments;
        import('/static/stage-rules.js').then(({ PresenterState, positionInNewDeck }) => {
            done(cases.map(([count, start, pages, advances, ids, current, appeal]) => {
                const state = new PresenterState(count, start);
                state.setPageCount(pages);
                for (let i = 0; i < advances; i++) state.advance();
                const moved = positionInNewDeck(state, ids, current, appeal);
                return moved && [moved.number, moved.page, moved.slideCount];
            }));
        }).catch((error) => done(String(error)));
    """, [list(case[:7]) for case in NEW_DECK_CASES])
    assert isinstance(results, list), results
    for case, result in zip(NEW_DECK_CASES, results):
        expected = case[7]
        assert (tuple(result) if result else None) == expected, f"{case[:7]}: got {result}"
