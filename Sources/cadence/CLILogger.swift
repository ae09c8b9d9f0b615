import ArgumentParser
import Foundation
import Logging
import Schema
import Storage

enum CLILogger {
    static func make(level: Logger.Level = .info) -> Logger {
        var logger = Logger(label: "cadence")
        logger.logLevel = ProcessInfo.processInfo.environment["LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? level
        return logger
    }
}
