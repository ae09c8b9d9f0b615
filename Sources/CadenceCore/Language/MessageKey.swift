/// A message by catalogue key, with its `{name}` values: what a domain error carries so the web layer can say it
/// in the person's language. The English text beside it stays for logs, the CLI and anything without a catalogue.
public struct MessageKey: Equatable, Sendable, Codable {
    public let key: String
    public let arguments: [String: String]
    /// Values that are messages of their own (why a package's series is invalid, inside "The package's series is not
    /// valid: {detail}"): said in the same language before they go in. Their English stays in `arguments`, for a
    /// catalogue that lacks the inner key.
    public let nested: [String: MessageKey]

    public init(_ key: String, _ arguments: [String: String] = [:], nested: [String: MessageKey] = [:]) {
        self.key = key
        self.arguments = arguments
        self.nested = nested
    }

    private enum CodingKeys: String, CodingKey { case key, arguments, nested }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        key = try container.decode(String.self, forKey: .key)
        arguments = try container.decodeIfPresent([String: String].self, forKey: .arguments) ?? [:]
        nested = try container.decodeIfPresent([String: MessageKey].self, forKey: .nested) ?? [:]
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(key, forKey: .key)
        try container.encode(arguments, forKey: .arguments)
        if !nested.isEmpty { try container.encode(nested, forKey: .nested) }
    }
}
