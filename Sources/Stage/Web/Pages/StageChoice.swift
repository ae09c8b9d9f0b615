import CadenceCore
import Foundation
import Stage
import StageService

/// A value and its label in a choice list (radio buttons, `<select>` options).
struct StageChoice: Sendable {
    let value: String
    let label: String
    let selected: Bool

    init(value: String, label: String, selected: Bool = false) {
        self.value = value
        self.label = label
        self.selected = selected
    }
}
