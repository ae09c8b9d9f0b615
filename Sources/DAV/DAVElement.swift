import Foundation
import SafeXML

/// An element of a WebDAV request body (PROPFIND, REPORT, MKCALENDAR, PROPPATCH), with namespaces resolved: what
/// CalDAV clients send is small, so a tree is simpler to read than a stream of events.
public typealias DAVElement = SafeXML.Element

extension SafeXML.Element {
    public var davName: DAVName { DAVName(namespace, name) }

    public func child(_ name: DAVName) -> DAVElement? { elements.first { $0.davName == name } }
    public func children(_ name: DAVName) -> [DAVElement] { elements.filter { $0.davName == name } }
}

/// Reads a WebDAV request body. A document type declaration is refused before parsing (no entity can expand).
public enum DAVBody {
    public static func parse(_ data: Data) throws(DAVError) -> DAVElement {
        do throws(SafeXML.Failure) {
            return try SafeXML.tree(data)
        } catch .doctype {
            throw DAVError(status: 400, "The XML body has a document type declaration, which is not allowed.")
        } catch .invalidUTF8(let offset, let line) {
            throw DAVError(status: 400, "The XML body is not valid UTF-8 (byte \(offset), line \(line)).")
        } catch .emptyProcessingInstruction(let line) {
            throw DAVError(status: 400, "The XML body has a processing instruction with nothing in it (line \(line)).")
        } catch .tooDeep {
            throw DAVError(status: 400, "The XML body nests elements deeper than \(SafeXML.maximumDepth) levels.")
        } catch {
            throw DAVError(status: 400, "The XML body could not be read (\(error), line \(error.line ?? 0)).")
        }
    }
}

/// A namespace-qualified XML name: `DAV:getetag`, `urn:ietf:params:xml:ns:caldav calendar-data`.
public struct DAVName: Hashable, Sendable, CustomStringConvertible {
    public let namespace: String
    public let name: String

    public init(_ namespace: String, _ name: String) {
        self.namespace = namespace
        self.name = name
    }

    public static let dav = "DAV:"
    public static let caldav = "urn:ietf:params:xml:ns:caldav"
    public static let calendarServer = "http://calendarserver.org/ns/"
    public static let appleICal = "http://apple.com/ns/ical/"
    /// WebDAV-Push (draft-bitfire-webdav-push-00).
    public static let webdavPush = "https://bitfire.at/webdav-push"

    public static func d(_ name: String) -> DAVName { DAVName(dav, name) }
    public static func c(_ name: String) -> DAVName { DAVName(caldav, name) }
    public static func cs(_ name: String) -> DAVName { DAVName(calendarServer, name) }
    public static func push(_ name: String) -> DAVName { DAVName(webdavPush, name) }

    public var description: String { "{\(namespace)}\(name)" }
}

/// A refusal with its HTTP status and, for WebDAV preconditions (RFC 4918 §16), the condition element that names it.
public struct DAVError: Error, Equatable, Sendable {
    public let status: Int
    public let message: String
    public let condition: DAVName?

    public init(status: Int, _ message: String, condition: DAVName? = nil) {
        self.status = status
        self.message = message
        self.condition = condition
    }
}
