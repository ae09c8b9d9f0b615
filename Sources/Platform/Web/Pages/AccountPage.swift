import CadenceCore
import Foundation
import PlatformService

/// `/account`: the password form and the sessions, the current one marked.
struct AccountPage: Sendable {
    struct Session: Sendable {
        let id: String
        let device: String
        let lastUsed: String
        let current: Bool
    }

    let sessions: [Session]
    let notice: String?
    let error: String?

    init(_ sessions: [SessionRecord], current: UUID, notice: String?, error: String?) {
        self.sessions = sessions.map { session in
            Session(id: session.id.uuidString, device: DeviceName.describe(userAgent: session.userAgent),
                    lastUsed: session.lastUsedAt.formatted(date: .abbreviated, time: .shortened), current: session.id == current)
        }
        self.notice = notice
        self.error = error
    }
}
