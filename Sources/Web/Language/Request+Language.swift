import CadenceCore
import Hummingbird

extension Request {
    /// The interface language for this request: the account's setting, else the browser's `Accept-Language`, else
    /// English.
    public func language(account: Account?) -> Language {
        account?.language ?? AcceptLanguage.best(headers[.acceptLanguage]) ?? .english
    }

    /// This request's messages (see `language(account:)`).
    public func messages(account: Account?) -> Messages {
        Catalogues.bundled.messages(language(account: account))
    }
}

extension CadenceContext {
    public var settingsAccount: Account? { signedInIdentity?.account }
}

extension AppContext {
    public var settingsAccount: Account? { identity?.account ?? device?.account }
}

extension AccountContext {
    public var settingsAccount: Account? { account }
}
