import Hummingbird
import Logging

/// Hummingbird's FileMiddleware, consulted only for paths under its own prefix.
///
/// Why: FileMiddleware refuses any path containing ".." with a bare 400 before it checks its
/// prefix, so `/api/v1/stage/logs/0..0` never reached the router (which answers 404 in our
/// JSON envelope). Scoping it keeps that refusal where files are actually served.
public struct StaticFilesMiddleware: RouterMiddleware {
    public typealias Context = AppContext

    private let files: FileMiddleware<AppContext, LocalFileSystem>
    private let prefix: String

    public init(directory: String, urlBasePath: String, maxAgeSeconds: Int, logger: Logger) {
        files = FileMiddleware(
            directory, urlBasePath: urlBasePath,
            cacheControl: .init([(MediaType(type: .any), [.maxAge(maxAgeSeconds)])]), logger: logger)
        prefix = urlBasePath + "/"
    }

    public func handle(_ request: Request, context: AppContext, next: (Request, AppContext) async throws -> Response) async throws -> Response {
        guard request.uri.path.hasPrefix(prefix) else { return try await next(request, context) }
        return try await files.handle(request, context: context, next: next)
    }
}
