import Foundation

/// RFC 5545 §3.1 content lines: unfolding, NAME;PARAM=value:value, components, TEXT escaping, folding.
enum ICalSyntax {
    /// How deep components may nest. Real files nest three deep (VCALENDAR › VTODO › VALARM); a component tree is
    /// released recursively, so 49,000 nested BEGIN lines (780 KB) would overflow the stack.
    static let maximumNesting = 32

    /// Reads a whole stream: one or more VCALENDAR objects. A line that is not a property (Synology
    /// writes `PERCENT_COMPLETE:100`; a name has only letters, digits and '-') is skipped and
    /// reported, as mature readers do, rather than refusing every task in the file for it.
    static func parse(_ text: String) throws(ICalendarError) -> ICalDocument {
        let logical = try unfold(text)
        guard let first = logical.first else {
            throw ICalendarError(line: 0, kind: .notICalendar, "The file is empty; an iCalendar file starts with BEGIN:VCALENDAR.",
                                 key: "spots.ical.error.empty")
        }
        if first.text.uppercased() != "BEGIN:VCALENDAR" {
            throw ICalendarError(
                line: first.number, kind: .notICalendar,
                "The file does not start with BEGIN:VCALENDAR, so it is not an iCalendar (.ics) file.",
                key: "spots.ical.error.not_calendar")
        }
        var document = ICalDocument()
        document.lines.reserveCapacity(logical.count)
        var stack: [ICalComponent] = []
        for item in logical {
            let line: ICalLine
            do {
                line = try parseLine(item.text, number: item.number)
            } catch {
                document.warnings.append(ICalendarImport.Warning(error, then: .lineSkipped))
                continue
            }
            let index = document.lines.count
            document.lines.append(line)
            switch line.name {
            case "BEGIN":
                let name = line.value.trimmingCharacters(in: .whitespaces).uppercased()
                if name.isEmpty {
                    throw ICalendarError(line: line.number, kind: .malformedLine, "BEGIN has no component name.",
                                         key: "spots.ical.error.begin_no_name")
                }
                if stack.isEmpty && name != "VCALENDAR" {
                    throw ICalendarError(
                        line: line.number, kind: .notICalendar,
                        "BEGIN:\(name) appears outside BEGIN:VCALENDAR … END:VCALENDAR.",
                        key: "spots.ical.error.begin_outside", ["component": name])
                }
                if stack.count >= maximumNesting {
                    throw ICalendarError(
                        line: line.number, kind: .malformedLine,
                        "BEGIN:\(name) nests components deeper than \(maximumNesting) levels.",
                        key: "spots.ical.error.too_deep", ["component": name, "levels": String(maximumNesting)])
                }
                stack.append(ICalComponent(name: name, begin: index, end: index, beginLine: line.number))
            case "END":
                let name = line.value.trimmingCharacters(in: .whitespaces).uppercased()
                guard var open = stack.popLast() else {
                    throw ICalendarError(
                        line: line.number, kind: .unbalanced, "END:\(name) has no matching BEGIN:\(name).",
                        key: "spots.ical.error.end_unmatched", ["component": name])
                }
                if open.name != name {
                    throw ICalendarError(
                        line: line.number, kind: .unbalanced,
                        "END:\(name) does not match BEGIN:\(open.name) on line \(open.beginLine).",
                        key: "spots.ical.error.end_mismatch", ["component": name, "open": open.name, "line": String(open.beginLine)])
                }
                open.end = index
                if stack.isEmpty {
                    document.calendars.append(open)
                } else {
                    stack[stack.count - 1].entries.append(.component(open))
                }
            default:
                if stack.isEmpty {
                    throw ICalendarError(
                        line: line.number, kind: .notICalendar,
                        "\(line.name) appears outside BEGIN:VCALENDAR … END:VCALENDAR.",
                        key: "spots.ical.error.property_outside", ["property": line.name])
                }
                stack[stack.count - 1].entries.append(.property(line))
            }
        }
        if let open = stack.last {
            throw ICalendarError(
                line: open.beginLine, kind: .unbalanced,
                "BEGIN:\(open.name) has no matching END:\(open.name); the file may be cut off.",
                key: "spots.ical.error.begin_unmatched", ["component": open.name])
        }
        return document
    }

    /// Splits into logical lines: CRLF or bare LF line ends; a line starting with a space or tab
    /// continues the previous one (RFC 5545 §3.1). Blank lines are skipped.
    static func unfold(_ text: String) throws(ICalendarError) -> [(text: String, number: Int)] {
        let bytes = Array(text.utf8)
        if bytes.count > ICalendar.maximumBytes {
            throw ICalendarError(
                line: 0, kind: .tooLarge,
                "The file is \(bytes.count / 1_048_576) MB; Cadence reads iCalendar files up to \(ICalendar.maximumBytes / 1_048_576) MB. Export fewer lists at a time.",
                key: "spots.ical.error.too_large",
                ["size": String(bytes.count / 1_048_576), "max": String(ICalendar.maximumBytes / 1_048_576)])
        }
        var result: [(text: String, number: Int)] = []
        var current: [UInt8] = []
        var currentNumber = 0
        var hasCurrent = false
        var number = 0
        var start = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }  // UTF-8 byte order mark

        func flush() {
            if hasCurrent { result.append((String(decoding: current, as: UTF8.self), currentNumber)) }
            hasCurrent = false
            current.removeAll(keepingCapacity: true)
        }

        var index = start
        while index <= bytes.count {
            var end = index
            while end < bytes.count && bytes[end] != 0x0A { end += 1 }
            if end == bytes.count && index == end { break }  // nothing after the last line end
            number += 1
            if number > ICalendar.maximumLines {
                throw ICalendarError(
                    line: number, kind: .tooLarge,
                    "The file has more than \(ICalendar.maximumLines) lines; Cadence reads at most that many. Export fewer lists at a time.",
                    key: "spots.ical.error.too_many_lines", ["max": String(ICalendar.maximumLines)])
            }
            var lineEnd = end
            if lineEnd > index && bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
            if lineEnd > index {
                let firstByte = bytes[index]
                if (firstByte == 0x20 || firstByte == 0x09) && hasCurrent {
                    current.append(contentsOf: bytes[(index + 1)..<lineEnd])
                } else {
                    flush()
                    current.append(contentsOf: bytes[index..<lineEnd])
                    currentNumber = number
                    hasCurrent = true
                }
            } else {
                flush()
            }
            index = end + 1
        }
        flush()
        return result
    }

    /// `name *(";" param) ":" value`, with quoted parameter values that may hold ':' ';' ','.
    static func parseLine(_ text: String, number: Int) throws(ICalendarError) -> ICalLine {
        let scalars = Array(text.unicodeScalars)
        var i = 0
        func isNameScalar(_ s: Unicode.Scalar) -> Bool {
            (s >= "A" && s <= "Z") || (s >= "a" && s <= "z") || (s >= "0" && s <= "9") || s == "-"
        }
        func shown() -> String {
            let prefix = String(text.prefix(40))
            return text.count > 40 ? prefix + "…" : prefix
        }
        while i < scalars.count && isNameScalar(scalars[i]) { i += 1 }
        let name = String(String.UnicodeScalarView(scalars[0..<i])).uppercased()
        if i == scalars.count || !scalars[i...].contains(":") {
            throw ICalendarError(
                line: number, kind: .malformedLine,
                "'\(shown())' has no ':' between the property name and its value.",
                key: "spots.ical.error.no_colon", ["text": shown()])
        }
        if name.isEmpty || (scalars[i] != ";" && scalars[i] != ":") {
            throw ICalendarError(
                line: number, kind: .malformedLine,
                "'\(shown())' is not a property: a property name has only letters, digits and '-'.",
                key: "spots.ical.error.not_property", ["text": shown()])
        }
        var parameters: [ICalParameter] = []
        while scalars[i] == ";" {
            i += 1
            let nameStart = i
            while i < scalars.count && isNameScalar(scalars[i]) { i += 1 }
            let parameterName = String(String.UnicodeScalarView(scalars[nameStart..<i])).uppercased()
            guard !parameterName.isEmpty, i < scalars.count, scalars[i] == "=" else {
                throw ICalendarError(
                    line: number, kind: .malformedLine,
                    "A parameter of \(name) is not written as NAME=value ('\(shown())').",
                    key: "spots.ical.error.parameter_form", ["property": name, "text": shown()])
            }
            i += 1
            var values: [String] = []
            while true {
                if i < scalars.count && scalars[i] == "\"" {
                    let valueStart = i + 1
                    i = valueStart
                    while i < scalars.count && scalars[i] != "\"" { i += 1 }
                    if i == scalars.count {
                        throw ICalendarError(
                            line: number, kind: .malformedLine,
                            "The quoted value of parameter \(parameterName) on \(name) is not closed with '\"'.",
                            key: "spots.ical.error.parameter_quote", ["parameter": parameterName, "property": name])
                    }
                    values.append(String(String.UnicodeScalarView(scalars[valueStart..<i])))
                    i += 1
                } else {
                    let valueStart = i
                    while i < scalars.count && scalars[i] != "," && scalars[i] != ";" && scalars[i] != ":" { i += 1 }
                    values.append(String(String.UnicodeScalarView(scalars[valueStart..<i])))
                }
                guard i < scalars.count else {
                    throw ICalendarError(
                        line: number, kind: .malformedLine,
                        "'\(shown())' has no ':' between the property name and its value.",
                        key: "spots.ical.error.no_colon", ["text": shown()])
                }
                if scalars[i] == "," { i += 1; continue }
                break
            }
            parameters.append(ICalParameter(name: parameterName, values: values))
            if scalars[i] != ";" && scalars[i] != ":" {
                throw ICalendarError(
                    line: number, kind: .malformedLine,
                    "After parameter \(parameterName) of \(name) comes '\(scalars[i])'; expected ';' or ':'.",
                    key: "spots.ical.error.parameter_after",
                    ["parameter": parameterName, "property": name, "character": String(scalars[i])])
            }
        }
        // scalars[i] == ":"
        let value = String(String.UnicodeScalarView(scalars[(i + 1)...]))
        return ICalLine(name: name, parameters: parameters, value: value, raw: text, number: number)
    }
}
