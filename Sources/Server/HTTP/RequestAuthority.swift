/// The authority a request named (its Host), read for the pages and redirects that must name the same host back.
enum RequestAuthority {
    /// The host without its port (`192.168.1.20:8080` → `192.168.1.20`, `[fd00::5]:80` → `[fd00::5]`); localhost when
    /// the request named none.
    static func host(_ authority: String?) -> String {
        guard let authority, !authority.isEmpty else { return "localhost" }
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") { return String(authority[...close]) }
        return String(authority.split(separator: ":", maxSplits: 1).first ?? "localhost")
    }
}
