import NIOCore
import NIOWebSocket

/// Writes to one live socket from any task: text messages (in frames of at most `maximumFrameSize`, as clients
/// such as HummingbirdWSClient refuse larger ones) and the close frame. Each write waits until the channel has
/// taken it, so a socket that stops reading holds up only its own writer.
struct LiveSocketOutput: Sendable {
    let channel: any Channel
    static let maximumFrameSize = 16 * 1024

    func send(_ text: String) async throws {
        try await send(text: channel.allocator.buffer(string: text))
    }

    /// Sends UTF-8 `text` as one message. The bytes may be shared with other sockets: they are only read.
    func send(text: ByteBuffer) async throws {
        var buffer = text
        var opcode = WebSocketOpcode.text
        while buffer.readableBytes > Self.maximumFrameSize, let part = buffer.readSlice(length: Self.maximumFrameSize) {
            channel.write(WebSocketFrame(fin: false, opcode: opcode, data: part), promise: nil)
            opcode = .continuation
        }
        try await channel.writeAndFlush(WebSocketFrame(fin: true, opcode: opcode, data: buffer))
    }

    /// Starts the closing handshake (RFC 6455 §5.5.1); `LiveSocketHandler` ends the connection after it.
    func close(_ code: WebSocketErrorCode, reason: String) async throws {
        try await channel.writeAndFlush(WebSocketFrame.close(code, reason: reason, allocator: channel.allocator))
    }
}

extension WebSocketFrame {
    /// A close frame: the code, then the reason in UTF-8 (RFC 6455 §5.5.1).
    static func close(_ code: WebSocketErrorCode, reason: String, allocator: ByteBufferAllocator) -> WebSocketFrame {
        var data = allocator.buffer(capacity: 2 + reason.utf8.count)
        data.write(webSocketErrorCode: code)
        data.writeString(reason)
        return WebSocketFrame(fin: true, opcode: .connectionClose, data: data)
    }
}
