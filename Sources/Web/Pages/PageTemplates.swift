import Foundation
import Mustache
import Synchronization

/// The page templates of every folder, as one library (any page may use any partial), parsed once and off the start's
/// critical path: parsing takes about 30 ms of a 100 ms start (issue 41), and no probe, API call or CalDAV sync needs
/// a page. The names are checked at start (a name found twice is a packaging fault that fails it); the parse runs in
/// the background right after, and a page asked for before it is done waits for it.
public final class PageTemplates: Sendable {
    struct File: Sendable {
        let name: String
        let path: String
    }

    private let files: [File]
    private let parsed = Mutex<Result<MustacheLibrary, TemplatesUnreadable>?>(nil)

    public struct TemplateNameClash: Error, CustomStringConvertible {
        public let name: String
        public let directory: String
        public var description: String { "two templates are named \(name) (the second in \(directory))" }
    }

    public struct TemplatesUnreadable: Error, CustomStringConvertible {
        public let description: String
    }

    /// Lists the templates of `directories`, without reading them.
    public init(directories: [String]) throws {
        var files: [File] = []
        var seen: Set<String> = []
        for directory in directories {
            for file in try FileManager.default.contentsOfDirectory(atPath: directory).filter({ $0.hasSuffix(".mustache") }).sorted() {
                let name = String(file.dropLast(".mustache".count))
                guard seen.insert(name).inserted else { throw TemplateNameClash(name: name, directory: directory) }
                files.append(File(name: name, path: directory + "/" + file))
            }
        }
        self.files = files
    }

    /// Starts the parse now, so that the first page seldom waits for it.
    public func parseInBackground() {
        Task.detached(priority: .medium) { [self] in _ = library }
    }

    /// The parsed templates. The first caller parses them; a caller that comes during the parse waits for it (once per
    /// process: the thread it blocks is released when the parse, which is running, ends).
    public var library: Result<MustacheLibrary, TemplatesUnreadable> {
        parsed.withLock { parsed in
            if let parsed { return parsed }
            let result: Result<MustacheLibrary, TemplatesUnreadable>
            do {
                var library = MustacheLibrary()
                for file in files {
                    do {
                        try library.register(try String(contentsOfFile: file.path, encoding: .utf8), named: file.name)
                    } catch {
                        throw TemplatesUnreadable(description: "the template \(file.name) cannot be read: \(error)")
                    }
                }
                result = .success(library)
            } catch let unreadable as TemplatesUnreadable {
                result = .failure(unreadable)
            } catch {
                result = .failure(TemplatesUnreadable(description: "\(error)"))
            }
            parsed = result
            return result
        }
    }
}
