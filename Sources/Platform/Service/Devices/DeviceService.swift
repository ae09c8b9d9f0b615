import CadenceCore
import Foundation
import Logging

/// Pairing and managing devices (P2), shared by the API and the pages.
public struct DeviceService: Sendable {
    let devices: any DeviceRepository
    let pairings: any PairingRepository
    /// Tells a revoked device's sockets (and the account's other devices) that it is gone.
    let live: any LiveAnnouncing
    let clock: any WallClock
    /// Typed codes that match nothing, per client address: 5 per 5 minutes.
    let guesses = LockedThrottle(limit: PairingRules.maximumWrongGuesses, window: PairingRules.lifetime)
    /// Wrong app passwords, with the sign-in page's limits (5 per address, 50 per client, in 15 minutes) but counted
    /// apart from it: a revoked password left in someone's calendar app must not lock them out of signing in.
    /// Counted per client and e-mail, not per e-mail alone: a stranger's wrong guesses must not stop the owner's apps.
    let appPasswordGuesses = ThrottleGuard(emailLimit: nil)
    let logger: Logger

    public init(
        devices: any DeviceRepository, pairings: any PairingRepository, live: any LiveAnnouncing, clock: any WallClock,
        logger: Logger
    ) {
        self.devices = devices
        self.pairings = pairings
        self.live = live
        self.clock = clock
        self.logger = logger
    }

    /// Device tokens carry a prefix so a bearer token says which table to look in.
    public static let tokenPrefix = "dvc_"
    /// "Last seen" is written at most this often, so a busy device does not write on every request.
    public static let touchInterval: TimeInterval = 60

    /// A fresh code for the signed-in person's phone to show, unique among open codes.
    public func startPairing(for account: Account) async throws -> Pairing {
        var generator = SystemRandomNumberGenerator()
        let now = clock.now()
        for _ in 0..<20 {
            let code = PairingRules.newCode(using: &generator)
            guard try await pairings.open(code: code, at: now) == nil else { continue }
            let pairing = Pairing(id: UUID(), accountID: account.id, code: code, expiresAt: now.addingTimeInterval(PairingRules.lifetime))
            try await pairings.create(pairing)
            return pairing
        }
        throw Unavailable(code: "pairing_busy", "Too many devices are pairing right now; try again in a minute.", key: "pair.error.busy")
    }

    public struct Paired: Sendable {
        public let device: Device
        public let token: String
    }

    /// Turns a correct code into a device of the code's account.
    public func pair(code typed: String, pairingID: UUID?, role: DeviceRole, name rawName: String, client: String?) async throws -> Paired {
        let code = try PairingRules.normalize(typed)
        let name = try Device.name(rawName)
        let now = clock.now()
        let clientKey = client ?? "unknown"
        if let wait = guesses.retryAfter(clientKey, now: now) {
            throw TooManyAttempts("wrong pairing codes", retryAfter: wait)
        }
        let pairing: Pairing
        if let pairingID {
            // A pairing link names its pairing: wrong codes count against it, and five kill it.
            guard let named = try await pairings.find(id: pairingID) else { throw Self.unknownCode }
            switch named.judge(guess: code, at: now) {
            case .accept: pairing = named
            case .wrongCode:
                try await pairings.recordWrongGuess(id: named.id)
                guesses.recordFailure(clientKey, now: now)
                throw Self.unknownCode
            case .refuse(let state): throw Self.closed(state)
            }
        } else {
            guard let open = try await pairings.open(code: code, at: now) else {
                guesses.recordFailure(clientKey, now: now)
                throw Self.unknownCode
            }
            pairing = open
        }
        guard try await pairings.markUsed(id: pairing.id, at: now) else { throw Self.closed(.used) }
        let paired = try await newDevice(role: role, name: name, accountID: pairing.accountID, at: now)
        // The phone showing the code says "Paired with …" and retires it; the pairing itself stands if this fails.
        do {
            try await live.announce(LiveEventType.devicePaired, data: LiveJSON.object([
                "deviceId": paired.device.id.uuidString.lowercased(), "name": paired.device.name,
                "role": paired.device.role.rawValue, "pairingId": pairing.id.uuidString.lowercased(),
            ]), to: pairing.accountID)
        } catch {
            logger.warning("could not announce a pairing", metadata: ["error": .string(String(describing: error))])
        }
        return paired
    }

    private func newDevice(role: DeviceRole, name: String, accountID: UUID, at now: Date) async throws -> Paired {
        let token = Self.tokenPrefix + SecretToken.generate()
        let device = Device(id: UUID(), accountID: accountID, role: role, name: name, createdAt: now, lastSeenAt: now)
        try await devices.create(device, tokenHash: SecretToken.hash(token))
        logger.info("device paired", metadata: ["account": .string(device.accountID.uuidString), "role": .string(role.rawValue)])
        return Paired(device: device, token: token)
    }

    /// The account's devices, most recently paired first.
    public func list(accountID: UUID) async throws -> [Device] {
        try await devices.list(accountID: accountID)
    }

    public func rename(_ id: UUID, accountID: UUID, to rawName: String) async throws -> Device {
        let name = try Device.name(rawName)
        guard let device = try await devices.rename(id: id, accountID: accountID, to: name) else { throw NotFound("device") }
        return device
    }

    /// Revokes the device's token at once, and says so on the live channel so its open sockets close.
    public func revoke(_ id: UUID, accountID: UUID) async throws {
        guard try await devices.revoke(id: id, accountID: accountID) else { throw NotFound("device") }
        try await live.announce(LiveEventType.deviceRevoked, data: LiveJSON.object(["deviceId": id.uuidString.lowercased()]),
                                to: accountID)
    }

    /// A calendar app made in the pages, without pairing: its token is the app password it signs in with.
    public func createAppPassword(name rawName: String, accountID: UUID) async throws -> Paired {
        try await newDevice(role: .calendar, name: try Device.name(rawName), accountID: accountID, at: clock.now())
    }

    /// The calendar app signing in with HTTP Basic: the account's e-mail and one of its app passwords.
    /// - Throws: `TooManyAttempts` after too many wrong ones.
    public func calendarApp(email rawEmail: String, password: String, client: String?) async throws -> DeviceIdentity? {
        let email = rawEmail.trimmingCharacters(in: .whitespaces).lowercased()
        let now = clock.now()
        let attempt = ThrottleGuard.Attempt(email: email, client: client)
        if let wait = appPasswordGuesses.retryAfter(attempt, now: now) {
            throw TooManyAttempts("wrong app passwords", retryAfter: wait)
        }
        guard let found = try await identity(token: password), found.device.role == .calendar, found.account.email.lowercased() == email
        else {
            appPasswordGuesses.recordFailure(attempt, now: now)
            return nil
        }
        appPasswordGuesses.recordSuccess(attempt)
        return found
    }

    public func identity(token: String) async throws -> DeviceIdentity? {
        guard token.hasPrefix(Self.tokenPrefix), token.count <= 128,
              let found = try await devices.resolve(tokenHash: SecretToken.hash(token))
        else { return nil }
        var device = found.device
        let now = clock.now()
        if now.timeIntervalSince(device.lastSeenAt) > Self.touchInterval {
            try await devices.touch(id: device.id, at: now)
            device.lastSeenAt = now
        }
        return DeviceIdentity(account: found.account, device: device)
    }

    public static let unknownCode = Refused(code: "wrong_code",
        "That code does not match a pairing. Check the code on your phone, or ask it for a new one.", field: "code",
        key: "pair.error.wrong_code")

    public static func closed(_ state: Pairing.State) -> Refused {
        let (message, key) = switch state {
        case .used: ("That code was already used. Ask your phone for a new one.", "pair.error.used")
        case .expired: ("That code has expired (codes last 5 minutes). Ask your phone for a new one.", "pair.error.expired")
        case .exhausted, .open: ("That code was guessed wrong too often. Ask your phone for a new one.", "pair.error.exhausted")
        }
        return Refused(code: "code_closed", message, field: "code", key: key)
    }
}

extension DeviceService: DeviceEnrolling {
    public func enroll(role: DeviceRole, name rawName: String, accountID: UUID) async throws -> (device: Device, token: String) {
        let paired = try await newDevice(role: role, name: try Device.name(rawName), accountID: accountID, at: clock.now())
        return (paired.device, paired.token)
    }
}

extension DeviceService: CalendarAppSignIn {}

extension DeviceService: PairedDevices {}
