import CadenceCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NIOPosix

/// What a host name resolves to, as the system resolver answers (getaddrinfo, on NIO's thread pool since it blocks).
struct ResolvedHost: Sendable {
    struct Address: Sendable, Equatable {
        let bytes: [UInt8]
        let text: String
    }

    let addresses: [Address]

    static func resolve(_ host: String) async throws -> ResolvedHost {
        try await NIOThreadPool.singleton.runIfActive {
            var hints = addrinfo()
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
            var list: UnsafeMutablePointer<addrinfo>?
            let status = getaddrinfo(host, nil, &hints, &list)
            guard status == 0, let first = list else { return ResolvedHost(addresses: []) }
            defer { freeaddrinfo(first) }
            var found: [Address] = []
            var entry: UnsafeMutablePointer<addrinfo>? = first
            while let current = entry {
                if let address = Self.address(current.pointee), !found.contains(address) { found.append(address) }
                entry = current.pointee.ai_next
            }
            return ResolvedHost(addresses: found)
        }
    }

    private static func address(_ info: addrinfo) -> Address? {
        guard let raw = info.ai_addr else { return nil }
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        switch info.ai_family {
        case AF_INET:
            var v4 = raw.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
            let bytes = withUnsafeBytes(of: &v4) { Array($0) }
            inet_ntop(AF_INET, &v4, &text, socklen_t(text.count))
            return Address(bytes: bytes, text: String(cString: text))
        case AF_INET6:
            var v6 = raw.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_addr }
            let bytes = withUnsafeBytes(of: &v6) { Array($0) }
            inet_ntop(AF_INET6, &v6, &text, socklen_t(text.count))
            return Address(bytes: bytes, text: String(cString: text))
        default:
            return nil
        }
    }

    /// Why a push must not go to this host, or nil: it resolves to nothing, or to any address that is not on the
    /// internet (every one is checked, since a connection may be made to any of them).
    func refusal(of host: String) -> String? {
        guard !addresses.isEmpty else { return "The push service's host \(host) could not be found." }
        if let inner = addresses.first(where: { !InternetAddress.isPublic($0.bytes) }) {
            return "The push service's host \(host) leads to \(inner.text), which is not on the internet; nothing was sent."
        }
        return nil
    }
}
