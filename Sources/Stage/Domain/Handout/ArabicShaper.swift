/// Arabic letters take a different shape by position: isolated, final (joined to the letter
/// before, in reading order), initial (joined to the letter after) or medial. Fonts without
/// OpenType shaping show the right shape only if the text asks for it, through the Arabic
/// Presentation Forms-B (U+FE70…FEFF), which DejaVu Sans draws. Each unit keeps the logical
/// letters it stands for, so the PDF's ToUnicode map gives back the text as it was typed.
enum ArabicShaper {
    /// A character to draw and the text it stands for.
    struct Unit: Equatable {
        var draw: Unicode.Scalar
        var text: String
    }

    private enum Joining { case dual, right, none }

    /// Letters U+0621…064A in the order of their forms in Presentation Forms-B, which start at
    /// U+FE80 and give each letter its isolated, final, then (dual-joining only) initial and medial form.
    private static let letters: [UInt32: (joining: Joining, isolated: UInt32)] = {
        let order: [(UInt32, Joining)] = [
            (0x0621, .none), (0x0622, .right), (0x0623, .right), (0x0624, .right), (0x0625, .right), (0x0626, .dual),
            (0x0627, .right), (0x0628, .dual), (0x0629, .right), (0x062A, .dual), (0x062B, .dual), (0x062C, .dual),
            (0x062D, .dual), (0x062E, .dual), (0x062F, .right), (0x0630, .right), (0x0631, .right), (0x0632, .right),
            (0x0633, .dual), (0x0634, .dual), (0x0635, .dual), (0x0636, .dual), (0x0637, .dual), (0x0638, .dual),
            (0x0639, .dual), (0x063A, .dual), (0x0641, .dual), (0x0642, .dual), (0x0643, .dual), (0x0644, .dual),
            (0x0645, .dual), (0x0646, .dual), (0x0647, .dual), (0x0648, .right), (0x0649, .right), (0x064A, .dual),
        ]
        var table: [UInt32: (Joining, UInt32)] = [:]
        var form: UInt32 = 0xFE80
        for (letter, joining) in order {
            table[letter] = (joining, form)
            form += joining == .dual ? 4 : joining == .right ? 2 : 1
        }
        return table
    }()

    /// Lam followed by one of these alefs is one ligature (isolated form; +1 is final).
    private static let lamAlef: [UInt32: UInt32] = [0x0622: 0xFEF5, 0x0623: 0xFEF7, 0x0625: 0xFEF9, 0x0627: 0xFEFB]
    private static let lam: UInt32 = 0x0644
    private static let tatweel: UInt32 = 0x0640

    /// Harakat and other marks sit on a letter without breaking its joins.
    private static func isTransparent(_ value: UInt32) -> Bool {
        (0x0610...0x061A).contains(value) || (0x064B...0x065F).contains(value) || value == 0x0670 || (0x06D6...0x06ED).contains(value)
    }

    private static func joining(_ value: UInt32) -> Joining {
        value == tatweel ? .dual : letters[value]?.joining ?? .none
    }

    /// The units for `text` in logical order; text without Arabic letters passes through unchanged.
    static func shape(_ text: String) -> [Unit] {
        let scalars = Array(text.unicodeScalars)
        guard scalars.contains(where: { letters[$0.value] != nil }) else {
            return scalars.map { Unit(draw: $0, text: String($0)) }
        }
        /// The nearest non-transparent neighbour in `step` direction.
        func neighbour(_ index: Int, _ step: Int) -> UInt32? {
            var at = index + step
            while at >= 0, at < scalars.count {
                if !isTransparent(scalars[at].value) { return scalars[at].value }
                at += step
            }
            return nil
        }
        var units: [Unit] = []
        var index = 0
        while index < scalars.count {
            let value = scalars[index].value
            guard let letter = letters[value] else {
                units.append(Unit(draw: scalars[index], text: String(scalars[index])))
                index += 1
                continue
            }
            let joinsBefore = letter.joining != .none && neighbour(index, -1).map { joining($0) == .dual } == true
            if value == lam, index + 1 < scalars.count, let ligature = lamAlef[scalars[index + 1].value] {
                let form = ligature + (joinsBefore ? 1 : 0)
                units.append(Unit(draw: Unicode.Scalar(form)!, text: String(scalars[index]) + String(scalars[index + 1])))
                index += 2
                continue
            }
            let joinsAfter = letter.joining == .dual && neighbour(index, 1).map { joining($0) != .none } == true
            let offset: UInt32 = switch (joinsBefore, joinsAfter) {
            case (false, false): 0
            case (true, false): 1
            case (false, true): 2
            case (true, true): 3
            }
            units.append(Unit(draw: Unicode.Scalar(letter.isolated + offset)!, text: String(scalars[index])))
            index += 1
        }
        return units
    }
}
