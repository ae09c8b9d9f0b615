import Foundation
import Web
import Hummingbird
import Tempo
import TempoService

extension ProfileInput: JSONResponse {}
