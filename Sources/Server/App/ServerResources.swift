import Foundation

/// Templates and static files ship inside the module's resource bundle.
enum ServerResources {
    static func path(_ folder: String) -> String {
        Bundle.module.bundleURL.appendingPathComponent("Resources").appendingPathComponent(folder).path
    }
}
