import ArgumentParser

@main
struct Cadence: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cadence",
        abstract: Terminal.messages("cli.help.cadence.abstract"),
        discussion: Terminal.messages("cli.help.cadence.discussion"),
        version: CadenceVersion.current,
        subcommands: [ServeCommand.self, MigrateCommand.self, UserCommand.self, ImportCommand.self, TempoCommand.self, GazetteerCommand.self, CatalogueCommand.self, MediaCommand.self, BackupCommand.self, RestoreCommand.self, HTTPSCommand.self, BenchCommand.self, VersionCommand.self]
    )
}
