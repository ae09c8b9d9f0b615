import CadenceCore
import Foundation
import Logging
import StagePackage
import Synchronization

/// Why the catalogue refused a file, worded for the operator.
public struct CatalogueError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
