import NIOCore
import Testing
@testable import PlatformWeb

@Suite(.timeLimit(.minutes(5))) struct LiveMessageAssemblyTests {
    @Test func framesMakeWholeMessages() {
        var assembly = LiveMessageAssembly(maximumSize: 16)
        #expect(assembly.add(opcode: .text, data: ByteBuffer(string: "{}"), fin: true) == .text("{}"))
        #expect(assembly.add(opcode: .text, data: ByteBuffer(string: "ab"), fin: false) == .incomplete)
        #expect(assembly.add(opcode: .continuation, data: ByteBuffer(string: "cd"), fin: false) == .incomplete)
        #expect(assembly.add(opcode: .continuation, data: ByteBuffer(string: "é"), fin: true) == .text("abcdé"))
        #expect(assembly.add(opcode: .binary, data: ByteBuffer(bytes: [1]), fin: true) == .binary)
    }

    @Test func badSequencesSizesAndTextAreNamed() {
        var assembly = LiveMessageAssembly(maximumSize: 4)
        #expect(assembly.add(opcode: .continuation, data: ByteBuffer(string: "x"), fin: true) == .outOfSequence)
        #expect(assembly.add(opcode: .text, data: ByteBuffer(string: "abc"), fin: false) == .incomplete)
        #expect(assembly.add(opcode: .text, data: ByteBuffer(string: "d"), fin: true) == .outOfSequence)
        #expect(assembly.add(opcode: .text, data: ByteBuffer(string: "abc"), fin: false) == .incomplete)
        #expect(assembly.add(opcode: .continuation, data: ByteBuffer(string: "de"), fin: true) == .tooLarge)
        #expect(assembly.add(opcode: .text, data: ByteBuffer(bytes: [0xC3, 0x28]), fin: true) == .invalidText)
        // After each refusal the next message starts afresh.
        #expect(assembly.add(opcode: .text, data: ByteBuffer(string: "ok"), fin: true) == .text("ok"))
    }
}
