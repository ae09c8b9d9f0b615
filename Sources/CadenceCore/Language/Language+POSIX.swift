/// The language a Unix program's messages follow, from the POSIX locale variables.
extension Language {
    /// The language a POSIX locale name asks for: the part before "_", "." or "@" ("es_ES.UTF-8" and
    /// "es_MX@euro" are Spanish). "C", "POSIX", an empty name or a language without a catalogue is English.
    public static func fromPOSIXLocale(_ name: String) -> Language {
        let code = name.prefix { $0 != "_" && $0 != "." && $0 != "@" }
        return Language(code: String(code)) ?? .english
    }

    /// The language of a command-line tool's messages: `LC_ALL`, else `LC_MESSAGES`, else `LANG` (the first one
    /// set and not empty decides, as for other Unix tools); none of them is English.
    public static func fromPOSIXEnvironment(_ environment: [String: String]) -> Language {
        for variable in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let name = environment[variable], !name.isEmpty { return fromPOSIXLocale(name) }
        }
        return .english
    }
}
