import Foundation
import NIOCore
import NIOEmbedded
import NIOWebSocket
import PlatformWeb

extension FuzzTargets {
    /// What a device sends down an open live socket: raw bytes through NIO's frame decoder with the live channel's
    /// frame limit, the data frames gathered into messages as the socket does, and each text message read as a
    /// command. (Control frames and the protocol rules are the socket handler's, tested end to end.)
    @Sendable static func live(_ data: Data) {
        let channel = EmbeddedChannel(handler: ByteToMessageHandler(WebSocketFrameDecoder(maxFrameSize: PlatformWeb.maximumLiveMessageSize)))
        defer { _ = try? channel.finish() }
        guard (try? channel.writeInbound(ByteBuffer(bytes: data))) != nil else { return }
        var message = LiveMessageAssembly(maximumSize: PlatformWeb.maximumLiveMessageSize)
        while let frame = try? channel.readInbound(as: WebSocketFrame.self) {
            guard [.text, .binary, .continuation].contains(frame.opcode) else { continue }
            switch message.add(opcode: frame.opcode, data: frame.unmaskedData, fin: frame.fin) {
            case .text(let text):
                if let object = LiveCommand.object(in: text) { _ = try? LiveCommand(object) }
            case .tooLarge, .outOfSequence:
                return  // the socket is closed there
            case .incomplete, .binary, .invalidText:
                continue
            }
        }
    }
}
