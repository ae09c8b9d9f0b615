import Foundation

public enum PresenceRules {
    /// Each instance says it is alive this often…
    public static let heartbeatInterval: TimeInterval = 10
    /// …and its sockets stop counting as online when it has been silent this long (it crashed).
    public static let instanceTimeout: TimeInterval = 30
}
