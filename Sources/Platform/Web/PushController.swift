import CadenceCore
import Foundation
import Hummingbird
import PlatformService
import Web

/// `/api/v1/push/…`: the installation's VAPID public key, this account's push subscriptions (one per browser, made
/// by a paired device or a signed-in browser), and which modules may push the person.
struct PushController {
    let service: PushService

    func addRoutes(to api: APIGroups) {
        api.account.get("key", use: key)
        api.account.get("subscriptions", use: list)
        api.account.post("subscriptions", use: subscribe)
        api.account.delete("subscriptions/:id", use: unsubscribe)
        api.account.put("wrist-cues", use: setWristCues)
        api.person.get("preferences", use: preferences)
        api.person.put("preferences", use: setPreferences)
    }

    struct KeyBody: JSONResponse {
        /// For `pushManager.subscribe({ applicationServerKey })`: the uncompressed P-256 point, base64url.
        let publicKey: String
    }

    /// What the browser's `PushSubscription.toJSON()` gives.
    struct SubscribeRequest: Decodable {
        struct Keys: Decodable {
            let p256dh: String
            let auth: String
        }
        let endpoint: String
        let keys: Keys
    }

    struct SubscriptionBody: JSONResponse {
        let id: UUID
        let deviceId: UUID?
        let label: String
        let role: DeviceRole
        /// The push service's host; the endpoint itself is a capability and is not shown again.
        let service: String
        let createdAt: Date
        let lastDeliveredAt: Date?
        let lastError: String?
        /// A running talk's cues and a run's intervals come to this browser, for a watch that mirrors its notifications.
        let wristCues: Bool
        /// It is the asking browser's or device's own (its session or paired device made it).
        let thisBrowser: Bool

        init(_ subscription: PushSubscription, asker context: AccountContext) {
            wristCues = subscription.wristCues
            thisBrowser = (subscription.sessionID != nil && subscription.sessionID == context.identity?.session.id)
                || (subscription.deviceID != nil && subscription.deviceID == context.device?.device.id)
            id = subscription.id
            deviceId = subscription.deviceID
            label = subscription.label
            role = subscription.role
            service = subscription.service
            createdAt = subscription.createdAt
            lastDeliveredAt = subscription.lastDeliveredAt
            lastError = subscription.lastError
        }
    }

    /// Every module, true unless the person turned it off.
    struct PreferencesBody: JSONResponse {
        let modules: [String: Bool]
    }

    @Sendable func key(request: Request, context: AccountContext) async throws -> KeyBody {
        KeyBody(publicKey: try await service.key().publicKey)
    }

    @Sendable func list(request: Request, context: AccountContext) async throws -> [SubscriptionBody] {
        try await service.subscriptions(accountID: context.account.id).map { SubscriptionBody($0, asker: context) }
    }

    @Sendable func subscribe(request: Request, context: AccountContext) async throws -> EditedResponse<SubscriptionBody> {
        let body = try await request.decode(as: SubscribeRequest.self, context: context)
        let subscriber: PushService.Subscriber
        if let device = context.device {
            subscriber = .device(device.device)
        } else if let identity = context.identity {
            // The label is kept with the subscription, so it is written in the subscriber's language.
            subscriber = .session(identity.session, label: Self.browserName(identity.session.userAgent, owner: identity.account.displayName,
                                                                            messages: request.messages(account: identity.account)))
        } else {
            throw APIError(.unauthorized, code: "unauthorized", "Sign in or use a device token.", key: "devices.push.error.unauthorized")
        }
        let subscription = try await service.subscribe(accountID: context.account.id, subscriber: subscriber, endpoint: body.endpoint,
                                                       p256dh: body.keys.p256dh, auth: body.keys.auth)
        return EditedResponse(status: .created, response: SubscriptionBody(subscription, asker: context))
    }

    @Sendable func unsubscribe(request: Request, context: AccountContext) async throws -> Response {
        try await service.unsubscribe(id: try context.parameters.requireID("id"), accountID: context.account.id)
        return Response(status: .noContent)
    }

    /// Takes `{"endpoint": this browser's subscription endpoint, "on": true}` (the endpoint, which only that browser
    /// knows, says which subscription: "cues on my watch through this phone's notifications" is a choice per phone).
    @Sendable func setWristCues(request: Request, context: AccountContext) async throws -> SubscriptionBody {
        struct Input: Decodable {
            let endpoint: String
            let on: Bool
        }
        let input = try await request.decode(as: Input.self, context: context)
        return SubscriptionBody(try await service.setWristCues(input.on, endpoint: input.endpoint, accountID: context.account.id), asker: context)
    }

    @Sendable func preferences(request: Request, context: SignedInContext) async throws -> PreferencesBody {
        Self.preferences(muted: try await service.mutedModules(accountID: context.account.id))
    }

    /// Takes `{"modules": {"spots": false, …}}`; modules left out keep their setting.
    @Sendable func setPreferences(request: Request, context: SignedInContext) async throws -> PreferencesBody {
        struct Input: Decodable { let modules: [String: Bool] }
        let input = try await request.decode(as: Input.self, context: context)
        var muted = try await service.mutedModules(accountID: context.account.id)
        for (name, on) in input.modules {
            guard let module = PushModule(rawValue: name) else {
                let modules = PushModule.allCases.map(\.rawValue).joined(separator: ", ")
                throw ValidationError(field: "modules.\(name)", "\"\(name)\" is not a module; they are \(modules).",
                                      key: "devices.push.error.unknown_module", ["name": name, "modules": modules])
            }
            if on { muted.remove(module) } else { muted.insert(module) }
        }
        try await service.setMutedModules(muted, accountID: context.account.id)
        return Self.preferences(muted: muted)
    }

    static func preferences(muted: Set<PushModule>) -> PreferencesBody {
        PreferencesBody(modules: Dictionary(uniqueKeysWithValues: PushModule.allCases.map { ($0.rawValue, !muted.contains($0)) }))
    }

    /// "Chrome on Android" from a User-Agent (`DeviceName`'s reading), so the devices page tells a person's browsers
    /// apart; a browser the agent does not name is the owner's.
    static func browserName(_ userAgent: String, owner: String, messages: Messages) -> String {
        switch DeviceName.parts(userAgent: userAgent) {
        case let (browser?, system?): return messages("account.sessions.browser_on_system", ["browser": browser, "system": system])
        case let (browser?, nil): return browser
        default: return messages("devices.live.browser_of", ["name": owner])
        }
    }
}
