import CadenceCore
import Foundation
import Stage
import StageService

/// `/phone/stage/catalogue` (S8): what can be downloaded, its size against the free space, what is locked.
struct StageCataloguePage: Sendable {
    struct Entry: Sendable {
        let id: String
        let title: String
        let bytes: Int64
        let sha256: String
        let size: String
        let languages: String
        let locked: Bool
        let installed: Bool
        let passwordProtected: Bool
        let tooBig: Bool
        let tooBigText: String
        let progressLabel: String
    }

    let entries: [Entry]
    let hasEntries: Bool
    let hasLocked: Bool
    let freeBytes: Int64
    let free: String
    /// The download step in bytes.
    let chunk: Int
    let sortName: Bool
    let sortAvailability: Bool
    let error: String?
    let notice: String?
    /// The activation code typed before a refusal.
    let code: String?
    let emptyText: String

    init(_ items: [StageCatalogue.Item], freeBytes: Int64, chunk: Int, sort: StageCatalogue.Sort,
         error: String?, notice: String?, code: String?, words: StageWords) {
        let free = words.size(freeBytes)
        entries = items.map { item in
            let size = words.size(item.record.bytes)
            return
            Entry(id: item.record.id, title: item.record.title, bytes: item.record.bytes, sha256: item.record.sha256,
                  size: size, languages: words.languageList(item.record.languages),
                  locked: item.locked, installed: item.installed, passwordProtected: item.record.passwordProtected,
                  tooBig: item.record.bytes > freeBytes,
                  tooBigText: words("stage.catalogue.too_big", ["size": size, "free": free]),
                  progressLabel: words("stage.catalogue.progress_label", ["title": item.record.title]))
        }
        hasEntries = !items.isEmpty
        hasLocked = items.contains(where: \.locked)
        self.freeBytes = freeBytes
        self.free = free
        self.chunk = chunk
        sortName = sort == .name
        sortAvailability = sort == .availability
        self.error = error
        self.notice = notice
        self.code = code
        emptyText = words.html("stage.catalogue.empty")
    }
}
