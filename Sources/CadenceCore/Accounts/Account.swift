import Foundation

/// A person's account, as every module sees it. The password hash never leaves Storage.
public struct Account: Equatable, Sendable, Codable {
    public let id: UUID
    public var email: String
    public var displayName: String
    public let createdAt: Date
    /// The interface language the person chose; nil follows the browser's `Accept-Language`.
    public var language: Language?
    /// Kilometres or miles (kilograms or pounds) on Tempo's pages.
    public var units: UnitSystem

    public init(id: UUID, email: String, displayName: String, createdAt: Date, language: Language? = nil, units: UnitSystem = .metric) {
        self.id = id
        self.email = email
        self.displayName = displayName
        self.createdAt = createdAt
        self.language = language
        self.units = units
    }
}
