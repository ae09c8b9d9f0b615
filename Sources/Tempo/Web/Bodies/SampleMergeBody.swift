import CadenceCore
import Foundation
import Hummingbird
import NIOCore
import Tempo
import Web
import TempoService

struct SampleMergeBody: JSONResponse {
    let added: Int
    let merged: Int
    let sampleCount: Int
}
