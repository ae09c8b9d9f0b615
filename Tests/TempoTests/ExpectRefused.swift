import CadenceCore
import Testing

/// `#expect(throws:)` for a refusal by its field and English text. The error also carries its catalogue key (for the
/// web layer to say it in the person's language), which these tests leave aside.
func expectRefused<R>(field: String, _ message: String, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> R) {
    let error = #expect(throws: ValidationError.self, sourceLocation: sourceLocation) { _ = try body() }
    #expect(error?.field == field, sourceLocation: sourceLocation)
    #expect(error?.message == message, sourceLocation: sourceLocation)
}
