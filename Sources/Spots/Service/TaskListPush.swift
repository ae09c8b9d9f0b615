import CadenceCore
import Foundation
import Logging
import Spots

/// WebDAV-Push for task lists (issue 41, draft-bitfire-webdav-push-00): calendar apps register a Web Push
/// subscription on a list, and every change to the list — from the Spots pages, the API, another calendar app, an
/// import, a repeat moving on — reaches them in about a second instead of at their next poll.
///
/// A change is not announced by the code that made it: after any write, the account's registrations are compared
/// with their lists' change counters, and each one behind is told once (a conditional update claims it, so two
/// instances or two writes never push the same change twice). A registration that was never behind costs one indexed
/// query per write.
public struct TaskListPush: Sendable {
    let store: any TaskListPushStore
    let sender: any WebPushSending
    let clock: any WallClock
    let logger: Logger

    /// Seconds a push service keeps a message for a client that is offline: after that its next poll finds the change.
    static let timeToLive = 3600

    public init(store: any TaskListPushStore, sender: any WebPushSending, clock: any WallClock, logger: Logger) {
        self.store = store
        self.sender = sender
        self.clock = clock
        self.logger = logger
    }

    /// The VAPID public key clients bind their subscriptions to (the `transports` property).
    public func applicationServerKey() async throws -> String {
        try await sender.applicationServerKey()
    }

    /// What a client asked for in `push-register`.
    public struct Request: Sendable {
        public var endpoint: String
        public var p256dh: String
        public var auth: String
        public var contentUpdates: Bool
        public var propertyUpdates: Bool
        public var expires: Date?

        public init(endpoint: String, p256dh: String, auth: String, contentUpdates: Bool, propertyUpdates: Bool, expires: Date?) {
            self.endpoint = endpoint
            self.p256dh = p256dh
            self.auth = auth
            self.contentUpdates = contentUpdates
            self.propertyUpdates = propertyUpdates
            self.expires = expires
        }
    }

    /// Registers (or, same push resource, updates) a subscription on `list` for the calendar app `deviceID`.
    /// - Throws: `ValidationError` for a subscription that could never be pushed to (the endpoint rule, the keys);
    ///   `Refused("push_registrations_full")` past `TaskListPushRegistration.perAccountLimit`.
    public func register(_ request: Request, on list: StoredList, accountID: UUID, deviceID: UUID) async throws
        -> TaskListPushRegistration
    {
        let target = try sender.target(endpoint: request.endpoint, p256dh: request.p256dh, auth: request.auth)
        let now = clock.now()
        let registration = TaskListPushRegistration(
            id: TaskListPushRegistration.newID(), accountID: accountID, deviceID: deviceID, listID: list.list.id, target: target,
            contentUpdates: request.contentUpdates, propertyUpdates: request.propertyUpdates,
            expiresAt: TaskListPushRegistration.expiry(requested: request.expires, now: now))
        if try await store.registrationCount(accountID: accountID) >= TaskListPushRegistration.perAccountLimit {
            // An update of one already counted still goes through: the store keeps its id and the count is unchanged.
            let saved = try await store.saveRegistrationIfKnown(registration, startingFrom: list, at: now)
            guard let saved else {
                throw Refused(code: "push_registrations_full",
                              "This account has \(TaskListPushRegistration.perAccountLimit) push registrations; remove an app password to free some.")
            }
            return saved
        }
        return try await store.saveRegistration(registration, startingFrom: list, at: now).registration
    }

    /// - Returns: false when the account has no registration with this id (or it expired and was removed).
    public func unregister(id: String, accountID: UUID) async throws -> Bool {
        try await store.deleteRegistration(id: id, accountID: accountID)
    }

    /// Starts telling the account's registrations of what changed, without waiting for push services (the draft
    /// asks that a write not block on them). `PushDontNotify.current` is read here, in the writing request's task.
    public func listsChanged(accountID: UUID) {
        let spared = PushDontNotify.current
        Task { await catchUp(accountID: accountID, sparing: spared) }
    }

    /// Tells every registration of the account that is behind its list; `spared` ones are marked told without a push.
    public func catchUp(accountID: UUID, sparing spared: PushDontNotify) async {
        let behind: [TaskListPushState]
        do {
            behind = try await store.registrationsBehind(accountID: accountID, now: clock.now())
        } catch {
            logger.warning("WebDAV-Push registrations not read", metadata: ["error": .string(String(describing: error))])
            return
        }
        await withTaskGroup(of: Void.self) { group in
            for state in behind {
                group.addTask { await tell(state, sparing: spared) }
            }
        }
    }

    private func tell(_ state: TaskListPushState, sparing spared: PushDontNotify) async {
        let registration = state.registration
        let topic = TaskListPushTopic.of(listID: registration.listID)
        let message: String?
        do {
            if let list = state.list {
                guard try await store.markNotified(id: registration.id, seq: list.seq, name: list.list.name) else { return }
                let content = registration.contentUpdates && list.seq != state.notifiedSeq
                let properties = registration.propertyUpdates && list.list.name != state.notifiedName
                message = content || properties
                    ? TaskListPushMessage.xml(topic: topic, contentUpdate: content,
                                              syncToken: CalDAVSyncToken.make(list: list.list, seq: list.seq), propertyUpdate: properties)
                    : nil
            } else {
                // The list itself is gone: a content update with no token, the last this registration gets.
                guard try await store.deleteRegistration(id: registration.id, accountID: registration.accountID) else { return }
                message = TaskListPushMessage.xml(topic: topic, contentUpdate: true, syncToken: nil, propertyUpdate: false)
            }
        } catch {
            logger.warning("WebDAV-Push not claimed", metadata: ["error": .string(String(describing: error))])
            return
        }
        guard let message, !spared.spares(registration.id) else { return }
        let outcome = await sender.deliver(
            WebPushMessage(body: Data(message.utf8), contentType: #"application/xml; charset="UTF-8""#, timeToLive: Self.timeToLive,
                           topic: TaskListPushTopic.header(for: topic)),
            to: registration.target)
        do {
            switch outcome {
            case .delivered: break
            case .gone: _ = try await store.deleteRegistration(id: registration.id, accountID: registration.accountID)
            case .failed(let reason):
                logger.notice("WebDAV-Push not delivered", metadata: ["reason": .string(reason)])
                try await store.recordFailure(id: registration.id, reason)
            }
        } catch {
            logger.warning("WebDAV-Push outcome not recorded", metadata: ["error": .string(String(describing: error))])
        }
    }
}
