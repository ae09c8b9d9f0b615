/// Puts one line's glyphs in the order they are drawn, left to right. Lines are broken in
/// reading (logical) order first, then each line is reordered, as the Unicode bidirectional
/// algorithm does. This is its implicit part only (rules W4–W7, N1–N2, I1–I2, L2): no explicit
/// embeddings or isolates, which plain notes do not need.
enum BidiReordering {
    static func visualOrder<Item>(_ items: [Item], rightToLeft: Bool, direction: (Item) -> BidiClass) -> [Item] {
        visualRuns(items, rightToLeft: rightToLeft, direction: direction).map(\.item)
    }

    /// The items in drawing order, each with whether it sits in a right-to-left run: a bracket
    /// there is drawn mirrored (rule L4), so "(שלום)" does not come out as ")שלום(".
    static func visualRuns<Item>(_ items: [Item], rightToLeft: Bool, direction: (Item) -> BidiClass) -> [(item: Item, rightToLeft: Bool)] {
        var classes = items.map(direction)
        guard classes.contains(.rightToLeft) || rightToLeft else { return items.map { ($0, false) } }
        let base: BidiClass = rightToLeft ? .rightToLeft : .leftToRight

        // W4: one separator between two digits joins them ("3.5"); W5: terminators touching digits
        // join them ("20%", "$5"); W6: the separators and terminators left are neutral.
        for index in classes.indices where classes[index] == .numberSeparator {
            if index > 0, index + 1 < classes.count, classes[index - 1] == .number, classes[index + 1] == .number {
                classes[index] = .number
            }
        }
        var index = 0
        while index < classes.count {
            guard classes[index] == .numberTerminator else { index += 1; continue }
            var end = index
            while end < classes.count, classes[end] == .numberTerminator { end += 1 }
            let touchesNumber = (index > 0 && classes[index - 1] == .number) || (end < classes.count && classes[end] == .number)
            for at in index..<end { classes[at] = touchesNumber ? .number : .neutral }
            index = end
        }
        for at in classes.indices where classes[at] == .numberSeparator { classes[at] = .neutral }

        // W7: a number after left-to-right text (or at the start of a left-to-right line) is left to right.
        var resolved = classes
        var lastStrong = base
        for index in resolved.indices {
            switch resolved[index] {
            case .leftToRight, .rightToLeft: lastStrong = resolved[index]
            case .number where lastStrong == .leftToRight: resolved[index] = .leftToRight
            default: break
            }
        }
        // N1–N2: neutrals between two runs of one direction take it (numbers count as right to
        // left here); other neutrals take the line's direction.
        func strong(_ value: BidiClass) -> BidiClass? {
            switch value {
            case .leftToRight: .leftToRight
            case .rightToLeft, .number: .rightToLeft
            case .neutral, .numberSeparator, .numberTerminator: nil
            }
        }
        index = 0
        while index < resolved.count {
            guard resolved[index] == .neutral else { index += 1; continue }
            var end = index
            while end < resolved.count, resolved[end] == .neutral { end += 1 }
            let before = index > 0 ? strong(resolved[index - 1])! : base
            let after = end < resolved.count ? strong(resolved[end])! : base
            for at in index..<end { resolved[at] = before == after ? before : base }
            index = end
        }
        // I1–I2: embedding levels.
        let levels: [Int] = resolved.map { value in
            switch (rightToLeft, value) {
            case (false, .leftToRight): 0
            case (false, .rightToLeft): 1
            case (false, _): 2
            case (true, .rightToLeft): 1
            case (true, _): 2
            }
        }
        // L2: from the highest level down to the lowest odd one, reverse every run at or above it.
        var order = Array(items.indices)
        var level = levels.max() ?? 0
        while level >= 1 {
            var start = 0
            while start < order.count {
                guard levels[order[start]] >= level else { start += 1; continue }
                var end = start
                while end < order.count, levels[order[end]] >= level { end += 1 }
                order[start..<end].reverse()
                start = end
            }
            level -= 1
        }
        return order.map { (items[$0], levels[$0] % 2 == 1) }
    }
}
