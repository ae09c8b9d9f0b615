import Foundation

/// The rules for what an account's fields may hold (P1). Pure: the server and the CLI
/// both call these, so a person gets the same message wherever they sign up.
public enum AccountRules {
    public static let minimumPasswordLength = 10
    /// bcrypt only reads the first 72 bytes; refuse longer rather than silently ignore the rest.
    public static let maximumPasswordBytes = 72
    public static let maximumDisplayNameLength = 80
    public static let maximumEmailLength = 254
    /// A session unused for this long is over (its cookie lasts as long): 30 days.
    public static let sessionLifetime = 30 * 24 * 60 * 60

    /// Trims and lower-cases the address so "Ann@Example.org " and "ann@example.org" are one account.
    public static func normalizedEmail(_ raw: String, field: String = "email") throws(ValidationError) -> String {
        let email = raw.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        if email.isEmpty { throw ValidationError(field: field, "Enter an e-mail address.", key: "account.error.email_empty") }
        if email.count > maximumEmailLength {
            throw ValidationError(field: field, "An e-mail address has at most \(maximumEmailLength) characters.",
                                  key: "account.error.email_too_long", ["max": String(maximumEmailLength)])
        }
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[1].contains("."),
              !parts[1].hasPrefix("."), !parts[1].hasSuffix("."),
              !email.contains(where: { $0.isWhitespace })
        else {
            throw ValidationError(field: field, "\"\(raw)\" is not an e-mail address (expected name@example.org).",
                                  key: "account.error.email_invalid", ["email": raw])
        }
        return email
    }

    public static func displayName(_ raw: String, field: String = "displayName") throws(ValidationError) -> String {
        try RequiredText.check(raw, field: field, maximumLength: maximumDisplayNameLength,
                               whenEmpty: "Enter a display name.", noun: "A display name",
                               keys: .under("account.error.display_name", empty: "empty"))
    }

    public static func checkPassword(_ password: String, field: String = "password") throws(ValidationError) {
        if password.count < minimumPasswordLength {
            throw ValidationError(field: field, "A password needs at least \(minimumPasswordLength) characters.",
                                  key: "account.error.password_too_short", ["min": String(minimumPasswordLength)])
        }
        if password.utf8.count > maximumPasswordBytes {
            throw ValidationError(field: field, "A password has at most \(maximumPasswordBytes) bytes.",
                                  key: "account.error.password_too_long", ["max": String(maximumPasswordBytes)])
        }
    }
}
