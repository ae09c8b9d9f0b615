import ServiceLifecycle

/// A background service under a plain name. ServiceLifecycle names each service it runs with `"\(service)"`; for a
/// struct without a description that is a reflection of everything it holds (a feature's whole service graph), and
/// each nested type's first conformance lookup scans the binary's conformance tables: about a fifth of `serve`'s
/// start-up before this (issue 41, measured with perf).
struct NamedService: Service, CustomStringConvertible {
    let description: String
    let service: any Service

    init(_ service: any Service) {
        self.service = service
        description = _typeName(type(of: service), qualified: false)
    }

    func run() async throws {
        try await service.run()
    }
}
