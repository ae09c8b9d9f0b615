import CadenceCore
import Foundation

/// A form field on a page: its value, and whether the page's message is about it (`aria-invalid`).
struct FieldView: Sendable {
    let value: String
    let invalid: Bool
}
