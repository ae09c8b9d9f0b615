import Foundation
import Logging
import HummingbirdWSClient
import Synchronization
#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
