import CadenceCore
import Foundation

/// A form on the Talks pages that was refused (T2): it comes back with what was typed, the
/// wrong field marked (`aria-invalid`, described by the message), so no input is lost.
struct FormRefusal {
    enum Form: Equatable {
        case newTopic, newCue, details, cue(UUID)
    }

    let form: Form
    let error: ValidationError
    let typed: [String: String]

    init(_ error: ValidationError, typed: [String: String], in form: Form) {
        self.form = form
        self.error = error
        self.typed = typed
    }

    /// The template values for one form's fields: `<prefix><Field>` is what the field shows
    /// (as typed if this form was refused, else `saved`) and `<prefix><Field>Invalid` marks
    /// the field the message is about. Distinct prefixes keep the forms of one page apart
    /// (a Mustache section would otherwise find an outer form's values).
    static func fields(_ saved: [String: String], of form: Form, _ refusal: FormRefusal?, prefix: String) -> [String: Any] {
        let refused = refusal?.form == form ? refusal : nil
        var values: [String: Any] = [:]
        for (field, value) in saved {
            let name = prefix + field.prefix(1).uppercased() + field.dropFirst()
            values[name] = refused.map { $0.typed[field] ?? "" } ?? value
            values[name + "Invalid"] = refused?.error.field == field
        }
        return values
    }
}
