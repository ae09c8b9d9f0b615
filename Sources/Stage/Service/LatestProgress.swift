import CadenceCore
import DeckImport
import Foundation
import Logging
import Stage
import Synchronization

/// The newest progress an import reported, until the reporter takes it.
final class LatestProgress: Sendable {
    private let value = Mutex<ImportProgress?>(nil)

    func set(_ progress: ImportProgress) { value.withLock { $0 = progress } }
    func take() -> ImportProgress? { value.withLock { current in defer { current = nil }; return current } }
}
