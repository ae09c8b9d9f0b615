import CadenceCore
import Foundation
import Stage

public enum StageStoreError: Error, Equatable {
    case seriesNotFound
}
