import Foundation

/// How Tempo keeps its documents (plans, playlists, run summaries, import reports) in the database: JSON text.
public enum TempoJSON {
    static let encoder = JSONEncoder()
    static let decoder = JSONDecoder()

    public static func json<T: Encodable>(_ value: T) throws -> String { String(decoding: try encoder.encode(value), as: UTF8.self) }
    public static func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T { try decoder.decode(T.self, from: Data(json.utf8)) }
}
