import NIOCore
import NIOWebSocket

/// Gathers a device's frames into whole messages (RFC 6455 §5.4: a first text or binary frame, then continuations
/// up to the one marked final), holding no more than `maximumSize` bytes.
public struct LiveMessageAssembly {
    public enum Outcome: Equatable {
        /// More frames are needed.
        case incomplete
        case text(String)
        case binary
        /// The text is not UTF-8.
        case invalidText
        /// Past `maximumSize`: the socket is closed (RFC 6455's 1009).
        case tooLarge
        /// A continuation with nothing to continue, or a new message before the last one ended.
        case outOfSequence
    }

    public let maximumSize: Int
    private var started: (isText: Bool, bytes: ByteBuffer)?

    public init(maximumSize: Int) {
        self.maximumSize = maximumSize
    }

    /// One data frame (text, binary or continuation; control frames are not messages).
    public mutating func add(opcode: WebSocketOpcode, data: ByteBuffer, fin: Bool) -> Outcome {
        var message: (isText: Bool, bytes: ByteBuffer)
        if opcode == .continuation {
            guard var partial = started else { return .outOfSequence }
            var data = data
            partial.bytes.writeBuffer(&data)
            message = partial
        } else {
            guard started == nil else {
                started = nil
                return .outOfSequence
            }
            message = (opcode == .text, data)
        }
        guard message.bytes.readableBytes <= maximumSize else {
            started = nil
            return .tooLarge
        }
        guard fin else {
            started = message
            return .incomplete
        }
        started = nil
        guard message.isText else { return .binary }
        guard let text = String(validating: message.bytes.readableBytesView, as: UTF8.self) else { return .invalidText }
        return .text(text)
    }
}
