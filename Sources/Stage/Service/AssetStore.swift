import CadenceCore
import Foundation
import Stage

/// Keeps the bytes of slide pictures and videos under the data directory, one folder
/// per account: `<data>/stage/<account>/<asset>.<ext>`. File names come from ids, never
/// from what a person uploaded.
public struct AssetStore: Sendable {
    public let root: URL

    public init(dataDirectory: URL) {
        root = dataDirectory.appendingPathComponent("stage", isDirectory: true)
    }

    public func url(for asset: MediaAsset, accountID: UUID) -> URL {
        root.appendingPathComponent(accountID.uuidString.lowercased(), isDirectory: true)
            .appendingPathComponent("\(asset.id.uuidString.lowercased()).\(asset.fileExtension)")
    }

    /// Writes bytes and describes them.
    public func store(_ data: Data, id: UUID = UUID(), seriesID: UUID, contentType: String, width: Int? = nil, height: Int? = nil,
                      origin: MediaAsset.Origin, accountID: UUID) throws -> MediaAsset {
        let asset = MediaAsset(id: id, seriesID: seriesID, contentType: contentType, byteSize: Int64(data.count),
                               sha256: Self.sha256(data), width: width, height: height, origin: origin)
        let target = url(for: asset, accountID: accountID)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: target, options: .atomic)
        return asset
    }

    /// Moves a file made elsewhere (an import's work folder) into the store.
    public func adopt(_ file: URL, seriesID: UUID, contentType: String, width: Int?, height: Int?, durationMs: Int64? = nil,
                      origin: MediaAsset.Origin, accountID: UUID) throws -> MediaAsset {
        let data = try Data(contentsOf: file, options: .mappedIfSafe)
        let asset = MediaAsset(seriesID: seriesID, contentType: contentType, byteSize: Int64(data.count), sha256: Self.sha256(data),
                               width: width, height: height, durationMs: durationMs, origin: origin)
        let target = url(for: asset, accountID: accountID)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: file, to: target)
        return asset
    }

    /// Removes files; missing ones are fine (a delete may be retried).
    public func remove(_ assets: [MediaAsset], accountID: UUID) {
        for asset in assets { try? FileManager.default.removeItem(at: url(for: asset, accountID: accountID)) }
    }

    /// Lower-case hex SHA-256 of stored bytes, the files' ETag (also for Tempo's music).
    public static func sha256(_ data: Data) -> String {
        SHA256Hex.digest(data)
    }
}
