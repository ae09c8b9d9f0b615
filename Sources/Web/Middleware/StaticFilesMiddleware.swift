import Hummingbird
import Logging

/// Hummingbird's FileMiddleware over one or more folders served at one prefix (the server's and each feature's
/// `static`), consulted only for paths under that prefix: other requests pay one prefix check.
///
/// Why: FileMiddleware refuses any path containing ".." with a bare 400 before it checks its
/// prefix, so `/api/v1/stage/logs/0..0` never reached the router (which answers 404 in our
/// JSON envelope). Scoping it keeps that refusal where files are actually served.
public struct StaticFilesMiddleware: RouterMiddleware {
    public typealias Context = AppContext

    private let folders: [FileMiddleware<AppContext, LocalFileSystem>]
    private let prefix: String

    /// - Parameter directories: folders whose files' names do not clash (each feature prefixes its own).
    public init(directories: [String], urlBasePath: String, maxAgeSeconds: Int, logger: Logger) {
        folders = directories.map {
            FileMiddleware($0, urlBasePath: urlBasePath, cacheControl: .init([(MediaType(type: .any), [.maxAge(maxAgeSeconds)])]),
                           logger: logger)
        }
        prefix = urlBasePath + "/"
    }

    public func handle(_ request: Request, context: AppContext, next: (Request, AppContext) async throws -> Response) async throws -> Response {
        guard request.uri.path.hasPrefix(prefix) else { return try await next(request, context) }
        return try await serve(from: 0, request, context, next)
    }

    /// FileMiddleware asks the rest of the chain first and serves its file when that finds nothing, so the folders
    /// are chained one inside the next, the router innermost.
    private func serve(from index: Int, _ request: Request, _ context: AppContext,
                       _ next: (Request, AppContext) async throws -> Response) async throws -> Response {
        guard index < folders.count else { return try await next(request, context) }
        return try await folders[index].handle(request, context: context) { request, context in
            try await serve(from: index + 1, request, context, next)
        }
    }
}
