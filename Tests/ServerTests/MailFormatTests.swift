import CadenceCore
import Foundation
import Testing

@testable import Server

/// The e-mail text Cadence hands to SMTP: headers that cannot be split by a value, non-ASCII subjects as
/// RFC 2047 encoded words, an RFC 5322 date. (e2e/cli/test_smtp_tls.py sends it through a real server.)
@Suite(.timeLimit(.minutes(5)))
struct MailFormatTests {
    let date = Date(timeIntervalSince1970: 1_795_000_000)  // Wed, 18 Nov 2026 11:06:40 UTC

    func render(subject: String, to: String = "ann@example.org", attachment: String? = nil) throws -> String {
        var message = MailMessage(to: to, subject: subject, body: "Hello\n.hidden\r\nbye")
        if let attachment {
            message.attachments = [MailAttachment(filename: attachment, contentType: "application/pdf", data: Data("%PDF".utf8))]
        }
        return try MailFormat.render(message, from: "cadence@example.org", date: date, messageID: "id@example.org", boundary: "b")
    }

    @Test func aLineBreakInAnyHeaderValueIsRefusedNamingTheHeader() throws {
        for subject in ["Review\r\nBcc: intruder@example.org", "Review\nBcc: x", "Review\rBcc: x"] {
            #expect(throws: MailHeaderError.self) { try render(subject: subject) }
        }
        let error = #expect(throws: MailHeaderError.self) { try render(subject: "Ok", to: "ann@example.org>\r\nBcc: <x@example.org") }
        #expect(error?.description == "The e-mail's To contains a line break, which a mail header cannot carry.")
        #expect(throws: MailHeaderError.self) { try render(subject: "Ok", attachment: "a\r\nb.pdf") }
        #expect(throws: MailHeaderError.self) { try render(subject: "Nul \u{0} inside") }
    }

    @Test func aTitleWithLineBreaksAndControlCharactersBecomesOneSubjectLine() throws {
        let title = MailFormat.oneLine("Hope\r\nBcc: intruder@example.org\u{7}\u{2028}end\ttab")
        #expect(title == "Hope Bcc: intruder@example.org  end\ttab")
        let rendered = try render(subject: "Handout: \(title)")
        #expect(!rendered.contains("\r\nBcc:"))
    }

    @Test func aNonASCIISubjectIsSentAsEncodedWordsThatDecodeToIt() throws {
        let subject = "Handout: Ünïcode café — ½ time 🎤, a long title that needs more than one encoded word to fit"
        let text = try render(subject: subject)
        let head = text.components(separatedBy: "\r\n\r\n")[0]
        #expect(head.unicodeScalars.allSatisfy { $0.isASCII })
        let subjectLines = head.components(separatedBy: "\r\n").drop { !$0.hasPrefix("Subject: ") }.prefix { $0.hasPrefix("Subject: ") || $0.hasPrefix(" ") }
        #expect(subjectLines.count > 1)
        #expect(subjectLines.allSatisfy { $0.count <= 76 })
        // Each word decodes on its own to whole characters; together they are the subject.
        let words = subjectLines.map { $0.replacingOccurrences(of: "Subject: ", with: "").trimmingCharacters(in: .whitespaces) }
        let decoded = try words.map { word -> String in
            #expect(word.hasPrefix("=?UTF-8?B?") && word.hasSuffix("?=") && word.count <= 75)
            let data = try #require(Data(base64Encoded: String(word.dropFirst(10).dropLast(2))))
            return try #require(String(data: data, encoding: .utf8))
        }
        #expect(decoded.joined() == subject)
    }

    @Test func anASCIISubjectStaysReadableAndLongOnesFoldAtSpaces() throws {
        #expect(try render(subject: "Reset your Cadence password").contains("\r\nSubject: Reset your Cadence password\r\n"))
        let long = String(repeating: "word ", count: 30).trimmingCharacters(in: .whitespaces)
        let folded = try MailFormat.header("Subject", long, text: true)
        #expect(folded.components(separatedBy: "\r\n").allSatisfy { $0.count <= 78 })
        #expect(folded.replacingOccurrences(of: "\r\n", with: "") == "Subject: \(long)")
        // Text that looks like an encoded word is encoded itself, so it reads as typed.
        #expect(try MailFormat.header("Subject", "=?UTF-8?B?SGk=?=", text: true) == "Subject: =?UTF-8?B?PT9VVEYtOD9CP1NHaz0/PQ==?=")
    }

    @Test func theDateIsRFC5322InUTC() throws {
        #expect(MailFormat.date(date) == "Wed, 18 Nov 2026 11:06:40 +0000")
        #expect(try render(subject: "x").contains("\r\nDate: Wed, 18 Nov 2026 11:06:40 +0000\r\n"))
    }

    @Test func aNonASCIIFileNameIsAnRFC2231Parameter() throws {
        let text = try render(subject: "x", attachment: "café.pdf")
        #expect(text.contains("Content-Disposition: attachment; filename*=UTF-8''caf%C3%A9.pdf"))
    }

    @Test func dataIsDotStuffedAndEndsWithALoneDot() throws {
        let text = try render(subject: "x")
        let data = SMTPMailer.dotStuffed(text)
        #expect(data.contains("\r\nHello\r\n..hidden\r\nbye\r\n."))
        #expect(data.hasSuffix("\r\n."))
    }
}
