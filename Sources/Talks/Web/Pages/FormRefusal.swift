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

    /// One field of one form as the page shows it: as typed if this form was refused, else as saved.
    static func field(_ name: String, saved: String, of form: Form, _ refusal: FormRefusal?) -> FieldView {
        guard let refusal, refusal.form == form else { return FieldView(value: saved, invalid: false) }
        return FieldView(value: refusal.typed[name] ?? "", invalid: refusal.error.field == name)
    }
}
