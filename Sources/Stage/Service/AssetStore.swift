import CadenceCore
import Foundation
import Media
import Stage

/// The bytes of slide pictures and videos, in the installation's media store under `stage/<asset>.<ext>` of their
/// account (in a data directory: `<data>/stage/<account>/<asset>.<ext>`). Names come from ids, never from what a
/// person uploaded.
public struct AssetStore: Sendable {
    public let media: any MediaStore
    /// Where files are staged on this machine: imports' work folders, copies for package writers.
    public let scratch: URL

    public init(media: any MediaStore, scratch: URL) {
        self.media = media
        self.scratch = scratch
    }

    public static let area = "stage"

    public func key(for asset: MediaAsset, accountID: UUID) -> MediaKey {
        MediaKey(ownerID: accountID, area: Self.area, file: "\(asset.id.uuidString.lowercased()).\(asset.fileExtension)")
    }

    /// Writes bytes and describes them.
    public func store(_ data: Data, id: UUID = UUID(), seriesID: UUID, contentType: String, width: Int? = nil, height: Int? = nil,
                      origin: MediaAsset.Origin, accountID: UUID) async throws -> MediaAsset {
        let asset = MediaAsset(id: id, seriesID: seriesID, contentType: contentType, byteSize: Int64(data.count),
                               sha256: SHA256Hex.digest(data), width: width, height: height, origin: origin)
        try await media.put(data: data, as: key(for: asset, accountID: accountID))
        return asset
    }

    /// Moves a file made elsewhere (an import's work folder) into the store.
    public func adopt(_ file: URL, seriesID: UUID, contentType: String, width: Int?, height: Int?, durationMs: Int64? = nil,
                      origin: MediaAsset.Origin, accountID: UUID) async throws -> MediaAsset {
        let id = UUID()
        let name = MediaAsset(id: id, seriesID: seriesID, contentType: contentType, byteSize: 0, sha256: "", origin: origin)
        let info = try await media.put(file: file, as: key(for: name, accountID: accountID), consuming: true)
        return MediaAsset(id: id, seriesID: seriesID, contentType: contentType, byteSize: info.byteSize, sha256: info.sha256,
                          width: width, height: height, durationMs: durationMs, origin: origin)
    }

    /// Removes files; missing ones are fine (a delete may be retried).
    public func remove(_ assets: [MediaAsset], accountID: UUID) async {
        try? await media.remove(assets.map { key(for: $0, accountID: accountID) })
    }

    /// A stored picture's bytes, nil when its file is gone (a handout draws a placeholder).
    public func data(of asset: MediaAsset, accountID: UUID) async -> Data? {
        try? await media.data(key(for: asset, accountID: accountID))
    }

    /// Runs `body` with every asset at a path on this machine (package writers read files): the stored files where
    /// the store keeps them here, else copies in one scratch folder removed afterwards.
    public func withLocalFiles<T>(_ assets: [MediaAsset], accountID: UUID, _ body: ([URL]) async throws -> T) async throws -> T {
        try await media.withLocalFiles(assets.map { key(for: $0, accountID: accountID) }, in: scratch, body)
    }
}
