import CadenceCore
import Foundation

public enum AccountStoreError: Error, Equatable {
    case emailTaken
}
