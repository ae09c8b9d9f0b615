import Foundation

extension SpotsAPI {
    struct ReportInput: Decodable {
        let latitude: Double
        let longitude: Double
        let accuracy: Double
        /// When the fix was taken: ms since 1970 (default now).
        let at: Int64?
    }

    struct ReportsInput: Decodable {
        let reports: [ReportInput]
    }
}
