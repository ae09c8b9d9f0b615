import CadenceCore
import Crypto
import Foundation
import Logging
import Synchronization

/// Web Push for every feature: the installation's VAPID key, each device's subscriptions, each person's choice of
/// modules, and delivery (RFC 8030) with retries and the removal of subscriptions that are gone.
public struct PushService: Sendable {
    let subscriptions: any PushSubscriptionRepository
    let keys: any VAPIDKeyRepository
    let transport: any PushTransport
    let clock: any WallClock
    let logger: Logger
    let subject: String
    let endpointRule: PushEndpointRule
    /// Where a push finds the account's language (nil: every push in English, e.g. the CLI's bench).
    let accounts: (any AccountRepository)?
    public let retry: PushRetryPolicy
    /// Deliveries under way at once in a fan-out (each is an HTTP request; encryption runs on the callers' threads).
    let concurrentDeliveries: Int
    private let loadedKey = KeyBox()

    public init(subscriptions: any PushSubscriptionRepository, keys: any VAPIDKeyRepository, transport: any PushTransport,
                clock: any WallClock, logger: Logger, subject: String, endpointRule: PushEndpointRule = .publicHTTPS,
                retry: PushRetryPolicy = PushRetryPolicy(), concurrentDeliveries: Int = 64, accounts: (any AccountRepository)? = nil) {
        self.endpointRule = endpointRule
        self.accounts = accounts
        self.subscriptions = subscriptions
        self.keys = keys
        self.transport = transport
        self.clock = clock
        self.logger = logger
        self.subject = subject
        self.retry = retry
        self.concurrentDeliveries = concurrentDeliveries
    }

    /// The installation's key, generated and stored the first time any instance asks.
    public func key() async throws -> VAPIDKey {
        if let key = loadedKey.value { return key }
        let stored = try await keys.key(creatingWith: VAPIDKey(privateKey: .init(), subject: subject).stored, at: clock.now())
        guard let key = VAPIDKey(stored: stored, subject: subject) else {
            throw Unavailable(code: "push_key_unreadable", "The stored push key cannot be read; remove the push_keys row to make a new one (subscriptions then need renewing).",
                              key: "devices.push.error.key_unreadable")
        }
        loadedKey.value = key
        return key
    }

    // MARK: Subscriptions

    /// Who subscribes: a paired device, or a signed-in browser's session.
    public enum Subscriber: Sendable {
        case device(Device)
        case session(SessionRecord, label: String)
    }

    public func subscribe(accountID: UUID, subscriber: Subscriber, endpoint: String, p256dh: String, auth: String) async throws
        -> PushSubscription
    {
        let checked = try target(endpoint: endpoint, p256dh: p256dh, auth: auth)
        let (key, secret) = (checked.userAgentKey, checked.authSecret)
        let subscription: PushSubscription
        switch subscriber {
        case .device(let device):
            subscription = PushSubscription(id: UUID(), accountID: accountID, deviceID: device.id, sessionID: nil, endpoint: endpoint,
                                            userAgentKey: key, authSecret: secret, label: device.name, role: device.role, createdAt: clock.now())
        case .session(let session, let label):
            subscription = PushSubscription(id: UUID(), accountID: accountID, deviceID: nil, sessionID: session.id, endpoint: endpoint,
                                            userAgentKey: key, authSecret: secret, label: label, role: .phone, createdAt: clock.now())
        }
        try await subscriptions.save(subscription)
        return subscription
    }

    public func subscriptions(accountID: UUID) async throws -> [PushSubscription] {
        try await subscriptions.subscriptions(accountID: accountID)
    }

    public func unsubscribe(id: UUID, accountID: UUID) async throws {
        guard try await subscriptions.delete(id: id, accountID: accountID) else { throw NotFound("push subscription") }
    }

    /// This browser's choice of cues on the wrist (issue 37), by its subscription's endpoint (which only it knows).
    /// - Throws: `NotFound("push subscription")` when the account has no subscription with that endpoint.
    public func setWristCues(_ on: Bool, endpoint: String, accountID: UUID) async throws -> PushSubscription {
        guard let changed = try await subscriptions.setWristCues(on, endpoint: endpoint, accountID: accountID) else {
            throw NotFound("push subscription")
        }
        return changed
    }

    public func mutedModules(accountID: UUID) async throws -> Set<PushModule> {
        try await subscriptions.mutedModules(accountID: accountID)
    }

    public func setMutedModules(_ modules: Set<PushModule>, accountID: UUID) async throws {
        try await subscriptions.setMutedModules(modules, accountID: accountID)
    }

    // MARK: Delivery

    /// What one notification came to.
    public struct Report: Sendable, Equatable {
        public var delivered = 0
        public var removed = 0
        public var failed = 0
        /// Not sent: the person turned the module off, or no subscription fits.
        public var skipped = false
        public init() {}
    }

    /// Pushes an event in the background when a feature's rule makes a notification of it (the caller, which just
    /// kept the event, does not wait for push services). It is said in the account's language.
    public func relay(_ event: LiveEvent, rules: LivePushRules) {
        guard let notification = rules.notification(for: event) else { return }
        Task { _ = await send(notification, to: event.accountID, in: { rules.notification(for: event, in: $0) }) }
    }

    /// Encrypts the notification for each of the account's fitting subscriptions and delivers it. With `translated`
    /// (the same notification made in another language) it goes out in the account's language: one look-up of the
    /// account, made only when there is a subscription to send to. An account that chose no language gets English:
    /// no browser is asking, and a subscription does not record its browser's.
    public func send(_ notification: PushNotification, to accountID: UUID,
                     in translated: (@Sendable (Language) -> PushNotification?)? = nil) async -> Report {
        var report = Report()
        do {
            guard try await !subscriptions.mutedModules(accountID: accountID).contains(notification.module) else {
                report.skipped = true
                return report
            }
            let targets = try await subscriptions.subscriptions(accountID: accountID)
                .filter { notification.isFor(role: $0.role, deviceID: $0.deviceID, wristCues: $0.wristCues) }
            report.skipped = targets.isEmpty
            var said = notification
            if !targets.isEmpty, let translated, let language = await language(of: accountID), language != .english {
                said = translated(language) ?? notification
            }
            report = try await fanOut(said, to: targets, report: report)
        } catch {
            logger.warning("push failed", metadata: ["error": .string(String(describing: error))])
            report.failed += 1
        }
        return report
    }

    /// The account's chosen language; nil (English) when it chose none or cannot be read now (the push still goes).
    private func language(of accountID: UUID) async -> Language? {
        guard let accounts else { return nil }
        do {
            return try await accounts.find(id: accountID)?.language
        } catch {
            logger.warning("push language not read", metadata: ["error": .string(String(describing: error))])
            return nil
        }
    }

    /// Delivers to many subscriptions, `concurrentDeliveries` at a time.
    public func fanOut(_ notification: PushNotification, to targets: [PushSubscription], report start: Report = Report()) async throws -> Report {
        let key = try await key()
        let payload = notification.payload
        return await withTaskGroup(of: Outcome.self) { group in
            var report = start
            var pending = targets.makeIterator()
            func tally(_ outcome: Outcome) {
                switch outcome {
                case .delivered: report.delivered += 1
                case .removed: report.removed += 1
                case .failed: report.failed += 1
                }
            }
            for _ in 0..<concurrentDeliveries {
                guard let target = pending.next() else { break }
                group.addTask { await deliver(payload, of: notification, to: target, key: key) }
            }
            while let outcome = await group.next() {
                tally(outcome)
                if let target = pending.next() {
                    group.addTask { await deliver(payload, of: notification, to: target, key: key) }
                }
            }
            return report
        }
    }

    enum Outcome { case delivered, removed, failed }

    /// One subscription: encrypt, post, and follow the retry policy.
    func deliver(_ payload: Data, of notification: PushNotification, to target: PushSubscription, key: VAPIDKey) async -> Outcome {
        let verdict = await post { try request(payload, of: notification, to: target, key: key) }
        return await record(target, verdict.next)
    }

    /// What came of posting one message, retries included: the policy's verdict on the last answer, and whether the
    /// transport refused the endpoint outright (its host leads into this machine's or a private network).
    struct Verdict {
        let next: PushRetryPolicy.Next
        var endpointRefused = false
    }

    /// Posts the request `makeRequest` builds (afresh each try: a new salt, a fresh token), retrying as the policy says.
    func post(_ makeRequest: () throws -> PushRequest) async -> Verdict {
        var attempt = 1
        while true {
            var status: Int?
            var retryAfter: TimeInterval?
            do {
                let response = try await transport.send(try makeRequest())
                status = response.status
                retryAfter = response.retryAfter
            } catch let failure as WebPushEncryption.Failure {
                return Verdict(next: .giveUp(reason: "The subscription's keys cannot be used (\(failure))."))
            } catch let refused as PushEndpointRefused {
                return Verdict(next: .giveUp(reason: refused.reason), endpointRefused: true)
            } catch {
                status = nil
            }
            let next = retry.next(attempt: attempt, status: status, retryAfter: retryAfter)
            if case .retry(let delay) = next {
                try? await Task.sleep(for: .seconds(delay))
                attempt += 1
                continue
            }
            return Verdict(next: next)
        }
    }

    private func record(_ target: PushSubscription, _ next: PushRetryPolicy.Next) async -> Outcome {
        do {
            switch next {
            case .delivered:
                // Noted only when the last note is over a minute old: a burst of pushes to a device is not a write each.
                if target.lastDeliveredAt.map({ clock.now().timeIntervalSince($0) > 60 }) ?? true {
                    try await subscriptions.recordOutcome(id: target.id, deliveredAt: clock.now(), error: nil)
                }
                return .delivered
            case .removeSubscription:
                // By id: had the browser subscribed again meanwhile (same endpoint, new keys), that one stays.
                _ = try await subscriptions.delete(id: target.id, accountID: target.accountID)
                return .removed
            case .giveUp(let reason):
                logger.notice("push not delivered", metadata: ["service": .string(target.service), "reason": .string(reason)])
                try await subscriptions.recordOutcome(id: target.id, deliveredAt: target.lastDeliveredAt, error: reason)
                return .failed
            case .retry:
                return .failed
            }
        } catch {
            logger.warning("push outcome not recorded", metadata: ["error": .string(String(describing: error))])
            return next == .delivered ? .delivered : .failed
        }
    }

    func request(_ payload: Data, of notification: PushNotification, to target: PushSubscription, key: VAPIDKey) throws -> PushRequest {
        try request(WebPushMessage(body: payload, contentType: "application/octet-stream", timeToLive: notification.timeToLive,
                                   urgency: notification.urgency, topic: Self.topic(notification.tag)),
                     to: WebPushTarget(endpoint: target.endpoint, userAgentKey: target.userAgentKey, authSecret: target.authSecret), key: key)
    }

    func request(_ message: WebPushMessage, to target: WebPushTarget, key: VAPIDKey) throws -> PushRequest {
        guard let endpoint = URL(string: target.endpoint) else { throw URLError(.badURL) }
        let body = try WebPushEncryption.encrypt(message.body, userAgentKey: target.userAgentKey, authSecret: target.authSecret)
        var headers: [(name: String, value: String)] = [
            ("Authorization", try key.authorization(for: endpoint, now: clock.now())),
            ("Content-Encoding", "aes128gcm"),
            ("Content-Type", message.contentType),
            ("TTL", String(message.timeToLive)),
            ("Urgency", message.urgency.rawValue),
        ]
        // RFC 8030 §5.4: a newer message with the same topic replaces an undelivered older one.
        if let topic = message.topic { headers.append(("Topic", topic)) }
        return PushRequest(endpoint: endpoint, headers: headers, body: body)
    }

    /// A Topic is at most 32 characters of the base64url alphabet: 24 bytes of the tag's digest.
    static func topic(_ tag: String) -> String {
        Base64URL.encode(Data(SHA256.hash(data: Data(tag.utf8))).prefix(24))
    }
}

/// The loaded key, shared by copies of the service (it is a struct).
private final class KeyBox: Sendable {
    private let key = Mutex<VAPIDKey?>(nil)
    var value: VAPIDKey? {
        get { key.withLock { $0 } }
        set { key.withLock { $0 = newValue } }
    }
}

extension PushService: WebPushSending {
    public func applicationServerKey() async throws -> String {
        try await key().publicKey
    }

    public func target(endpoint: String, p256dh: String, auth: String) throws -> WebPushTarget {
        if let refusal = endpointRule.refusalWithKey(of: endpoint) {
            throw ValidationError(field: "endpoint", refusal.text, localized: refusal.key)
        }
        guard let key = Base64URL.decode(p256dh), key.count == 65, key.first == 4 else {
            throw ValidationError(field: "keys.p256dh", "keys.p256dh is the browser's P-256 key: 65 bytes, base64url.",
                                  key: "devices.push.error.p256dh")
        }
        guard let secret = Base64URL.decode(auth), secret.count == 16 else {
            throw ValidationError(field: "keys.auth", "keys.auth is the browser's auth secret: 16 bytes, base64url.",
                                  key: "devices.push.error.auth")
        }
        // A key that is not on the curve would fail every push: refuse it now, where the client can hear.
        guard (try? WebPushEncryption.encrypt(Data(), userAgentKey: key, authSecret: secret)) != nil else {
            throw ValidationError(field: "keys.p256dh", "keys.p256dh is not a point on P-256.", key: "devices.push.error.p256dh_curve")
        }
        return WebPushTarget(endpoint: endpoint, userAgentKey: key, authSecret: secret)
    }

    public func deliver(_ message: WebPushMessage, to target: WebPushTarget) async -> WebPushDelivery {
        let key: VAPIDKey
        do {
            key = try await self.key()
        } catch {
            return .failed(reason: String(describing: error))
        }
        let verdict = await post { try request(message, to: target, key: key) }
        switch verdict.next {
        case .delivered: return .delivered
        case .removeSubscription: return .gone
        case .giveUp(let reason): return verdict.endpointRefused ? .gone : .failed(reason: reason)
        case .retry: return .failed(reason: "not delivered")
        }
    }
}

extension PushService: WristCueListeners {
    /// Whether one of the account's subscriptions takes cues for the wrist and the module may push at all.
    public func wantsWristCues(accountID: UUID, from module: PushModule) async throws -> Bool {
        guard try await subscriptions.wantsWristCues(accountID: accountID) else { return false }
        return try await !subscriptions.mutedModules(accountID: accountID).contains(module)
    }
}
