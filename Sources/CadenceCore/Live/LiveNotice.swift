import Foundation

/// A message the server sends that is not part of the numbered history
/// (errors, acknowledgements, resync, presence snapshots).
public enum LiveNotice {
    public static func json(type: String, at: Int64, data: String) -> String {
        #"{"type":\#(LiveJSON.quote(type)),"at":\#(at),"data":\#(data)}"#
    }
}
