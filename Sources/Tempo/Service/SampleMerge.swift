import Foundation
import Tempo

/// What storing a batch of samples did.
public struct SampleMerge: Equatable, Sendable {
    /// Moments the run did not have before.
    public var added: Int
    /// Moments it had: their missing fields were filled in (a batch sent again changes nothing).
    public var merged: Int

    public init(added: Int, merged: Int) {
        self.added = added
        self.merged = merged
    }
}
