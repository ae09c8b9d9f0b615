import Hummingbird
import ServiceLifecycle
import SpotsWeb
import StageWeb
import PlatformWeb
import TalksWeb
import TempoWeb
import Web

/// The assembled server: its routes, and what runs beside them (the live listener, history pruning).
public struct AssembledServer {
    public let router: Router<AppContext>
    public let services: [any Service]
}
