import Foundation

/// Which endpoints a push subscription may name. The server posts to whatever URL a subscription gives, so only
/// what a browser's push service would give is accepted: HTTPS to a named host, not this machine or an address
/// literal (which would let an account make the server post into the operator's own network). Tests run a push
/// service on this machine and allow it explicitly.
public enum PushEndpointRule: Sendable {
    case publicHTTPS
    /// For a push service on this machine (`cadence serve --allow-local-push-services`); never in production.
    case allowLocal

    /// Why this endpoint is refused, or nil when it is accepted.
    public func refusal(of text: String) -> String? {
        refusalWithKey(of: text)?.text
    }

    /// The refusal with its catalogue key (`devices.push.error.endpoint_*`), so a page can say it in its language.
    public func refusalWithKey(of text: String) -> (text: String, key: MessageKey)? {
        guard text.count <= 2048, let url = URL(string: text), let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased(),
              !host.isEmpty
        else {
            return ("The endpoint is the push service's URL from the browser's subscription.", MessageKey("devices.push.error.endpoint_url"))
        }
        if case .allowLocal = self {
            return scheme == "https" || scheme == "http" ? nil
                : ("The endpoint must be an http(s) URL.", MessageKey("devices.push.error.endpoint_http"))
        }
        guard scheme == "https" else { return ("A push service's endpoint is an https URL.", MessageKey("devices.push.error.endpoint_https")) }
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        let isAddress = bare.contains(":") || bare.split(separator: ".").allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) }
        if isAddress || bare == "localhost" || bare.hasSuffix(".localhost") || !bare.contains(".") {
            return ("A push service's endpoint names a public host, not \(host).", MessageKey("devices.push.error.endpoint_public", ["host": host]))
        }
        return nil
    }
}
