/// A message by catalogue key, with its `{name}` values: what a domain error carries so the web layer can say it
/// in the person's language. The English text beside it stays for logs, the CLI and anything without a catalogue.
public struct MessageKey: Equatable, Sendable, Codable {
    public let key: String
    public let arguments: [String: String]

    public init(_ key: String, _ arguments: [String: String] = [:]) {
        self.key = key
        self.arguments = arguments
    }
}
