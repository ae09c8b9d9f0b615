import LocalCA
import NIOCore
#if canImport(Glibc)
import Glibc
#endif

/// This host's name and the private addresses of its network interfaces: what the server certificate is for.
public enum HostNames {
    public static var hostname: String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count) == 0 else { return "localhost" }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? "localhost" : name.lowercased()
    }

    public static func served() -> ServedNames {
        let addresses = ((try? System.enumerateDevices()) ?? []).compactMap { $0.address?.ipAddress }
        return ServedNames.forHost(hostname, addresses: addresses + ["127.0.0.1", "::1"])
    }
}
