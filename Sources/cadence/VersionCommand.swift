import ArgumentParser

struct VersionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "version", abstract: Terminal.messages("cli.help.version.abstract"))

    func run() {
        print("cadence \(CadenceVersion.current)")
    }
}
