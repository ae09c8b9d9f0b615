import Crypto
import Foundation

/// Name-based UUIDs (RFC 9562 version 5, SHA-1) so an iCalendar UID that is not a UUID always maps
/// to the same reminder id, and re-importing a file updates instead of duplicating.
enum ICalendarUID {
    static func uuidV5(namespace: UUID, name: String) -> UUID {
        let ns = namespace.uuid
        var data: [UInt8] = [
            ns.0, ns.1, ns.2, ns.3, ns.4, ns.5, ns.6, ns.7, ns.8, ns.9, ns.10, ns.11, ns.12, ns.13, ns.14, ns.15,
        ]
        data.append(contentsOf: Array(name.utf8))
        // SHA-1 as RFC 9562 names it for version 5; nothing here relies on it for security.
        var h = Array(Insecure.SHA1.hash(data: data))
        h[6] = (h[6] & 0x0F) | 0x50
        h[8] = (h[8] & 0x3F) | 0x80
        return UUID(uuid: (h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7], h[8], h[9], h[10], h[11], h[12], h[13], h[14], h[15]))
    }
}
