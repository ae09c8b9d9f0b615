import Foundation

/// Copies every file of one media store into another (`cadence media migrate`): resumable, since a file the target
/// already holds with the same checksum is skipped, and verified, since each copy's checksum is read back from the
/// target and compared with the source's. The source is left as it was.
public struct MediaCopier: Sendable {
    public let source: any MediaStore
    public let target: any MediaStore
    /// Where a file is staged when the source keeps none on this machine.
    public let scratch: URL

    public init(from source: any MediaStore, to target: any MediaStore, scratch: URL) {
        self.source = source
        self.target = target
        self.scratch = scratch
    }

    public struct Report: Sendable, Equatable {
        public var copied = 0
        public var alreadyThere = 0
        public var bytesCopied: Int64 = 0
        /// Files that could not be copied or did not verify, with why.
        public var failed: [String] = []
    }

    public enum Step: Sendable {
        case copied(MediaKey, bytes: Int64)
        case skipped(MediaKey)
        case failed(MediaKey, String)
    }

    public func run(progress: (Int, Int, Step) -> Void = { _, _, _ in }) async throws -> Report {
        let keys = try await source.keys(ownerID: nil)
        var report = Report()
        for (index, key) in keys.enumerated() {
            let step = await copy(key)
            switch step {
            case .copied(_, let bytes):
                report.copied += 1
                report.bytesCopied += bytes
            case .skipped: report.alreadyThere += 1
            case .failed(let key, let why): report.failed.append("\(key): \(why)")
            }
            progress(index + 1, keys.count, step)
        }
        return report
    }

    private func copy(_ key: MediaKey) async -> Step {
        do {
            guard let expected = try await source.info(key) else { return .failed(key, "it vanished from the source") }
            if try await target.info(key) == expected { return .skipped(key) }
            let stored = try await source.withLocalFile(key, in: scratch) { file in
                try await target.put(file: file, as: key, consuming: false)
            }
            guard stored == expected, try await target.info(key) == expected else {
                return .failed(key, "the copy's checksum differs from the original's")
            }
            return .copied(key, bytes: expected.byteSize)
        } catch {
            return .failed(key, "\(error)")
        }
    }
}
