import Testing
@testable import CadenceCore

/// The command-line tool speaks the language of the terminal's locale, as other Unix tools do.
@Suite(.timeLimit(.minutes(5))) struct LanguagePOSIXTests {
    @Test(arguments: [
        ("es_ES.UTF-8", "es"), ("es", "es"), ("es_MX", "es"), ("es_ES@euro", "es"), ("ES_es.utf8", "es"),
        ("en_GB.UTF-8", "en"), ("en_US", "en"), ("C", "en"), ("C.UTF-8", "en"), ("POSIX", "en"), ("", "en"),
        ("de_DE.UTF-8", "en"), ("fr", "en"), ("e", "en"), ("estonian", "en"),
    ])
    func aLocaleNameGivesItsLanguageOrEnglish(name: String, code: String) {
        #expect(Language.fromPOSIXLocale(name).code == code)
    }

    @Test func lcAllThenLcMessagesThenLangDecide() {
        #expect(Language.fromPOSIXEnvironment([:]) == .english)
        #expect(Language.fromPOSIXEnvironment(["LANG": "es_ES.UTF-8"]) == .spanish)
        #expect(Language.fromPOSIXEnvironment(["LANG": "es_ES.UTF-8", "LC_MESSAGES": "C"]) == .english)
        #expect(Language.fromPOSIXEnvironment(["LANG": "C", "LC_MESSAGES": "es_ES.UTF-8"]) == .spanish)
        #expect(Language.fromPOSIXEnvironment(["LANG": "es_ES.UTF-8", "LC_MESSAGES": "es_ES.UTF-8", "LC_ALL": "C"]) == .english)
        #expect(Language.fromPOSIXEnvironment(["LANG": "C", "LC_ALL": "es_AR.UTF-8"]) == .spanish)
        // An empty variable counts as unset.
        #expect(Language.fromPOSIXEnvironment(["LC_ALL": "", "LC_MESSAGES": "", "LANG": "es_ES.UTF-8"]) == .spanish)
        // Other categories say nothing about messages.
        #expect(Language.fromPOSIXEnvironment(["LC_TIME": "es_ES.UTF-8"]) == .english)
    }
}
