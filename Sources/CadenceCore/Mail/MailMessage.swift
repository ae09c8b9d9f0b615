import Foundation

public struct MailMessage: Sendable, Equatable {
    public let to: String
    public let subject: String
    public let body: String
    /// Files sent along (a Stage handout), as MIME parts after the text.
    public var attachments: [MailAttachment] = []

    public init(to: String, subject: String, body: String, attachments: [MailAttachment] = []) {
        self.to = to
        self.subject = subject
        self.body = body
        self.attachments = attachments
    }

    /// Text a person wrote (a talk's title) made fit for an unstructured header such as a subject:
    /// its line breaks and other control characters become spaces.
    public static func oneLine(_ text: String) -> String {
        String(text.map { $0.isNewline || $0.unicodeScalars.contains(where: isControl) ? " " : $0 })
    }

    /// C0 controls but the tab, and DEL: what a header may not carry.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\t") || scalar.value == 0x7F
    }
}
