import Foundation
import ToolProcess

/// Paths of the command-line tools the importer uses; nil when a tool is missing.
public struct ExternalTools: Sendable {
    public var pdftoppm: String?
    public var pdftotext: String?
    public var pdfinfo: String?
    public var soffice: String?

    public init(pdftoppm: String? = nil, pdftotext: String? = nil, pdfinfo: String? = nil, soffice: String? = nil) {
        self.pdftoppm = pdftoppm
        self.pdftotext = pdftotext
        self.pdfinfo = pdfinfo
        self.soffice = soffice
    }

    /// Looks the tools up on PATH (from `environment`, so tests can pass their own).
    public static func discover(environment: [String: String] = ProcessInfo.processInfo.environment) -> ExternalTools {
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        let folders = path.split(separator: ":").map(String.init).filter { !$0.isEmpty }
        func find(_ names: String...) -> String? {
            for name in names {
                for folder in folders {
                    let candidate = (folder as NSString).appendingPathComponent(name)
                    if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
                }
            }
            return nil
        }
        return ExternalTools(pdftoppm: find("pdftoppm"), pdftotext: find("pdftotext"), pdfinfo: find("pdfinfo"),
                             soffice: find("soffice", "libreoffice"))
    }
}
