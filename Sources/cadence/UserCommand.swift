import ArgumentParser
import CadenceCore
import Foundation
import PlatformService
import PlatformStorage
import Server
import Storage
import TalksService
import TalksStorage

struct UserCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "user", abstract: Terminal.messages("cli.help.user.abstract"),
        subcommands: [Add.self, List.self, ResetPassword.self, Delete.self])

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: Terminal.messages("cli.help.user.add.abstract"),
            discussion: Terminal.messages("cli.help.user.password_discussion"))

        @Option(help: ArgumentHelp(Terminal.messages("cli.help.user.email"))) var email: String
        @Option(help: ArgumentHelp(Terminal.messages("cli.help.user.add.name"))) var name: String
        @Flag(help: ArgumentHelp(Terminal.messages("cli.help.user.password_stdin"))) var passwordStdin = false
        @OptionGroup var databaseOptions: DatabaseOptions

        func run() async throws {
            let email = try checked { try AccountRules.normalizedEmail(self.email) }
            let name = try checked { try AccountRules.displayName(self.name, field: "name") }
            let (password, generated) = try PasswordInput.read(fromStdin: passwordStdin)
            let database = try await databaseOptions.openMigrated(logger: CLILogger.make(level: .warning))
            do {
                let account = Account(id: UUID(), email: email, displayName: name, createdAt: Date())
                try await SQLAccountRepository(database: database)
                    .create(account, passwordHash: try await PasswordHasher().hash(password))
                try await ExampleTalk(store: SQLTalkStore(database: database)).create(for: account, at: Date(), words: Terminal.messages)
                try await database.shutdown()
                print(Terminal.messages("cli.user.created", ["email": email, "id": account.id.uuidString.lowercased()]))
                if generated { print(Terminal.messages("cli.user.password", ["password": password])) }
            } catch AccountStoreError.emailTaken {
                try? await database.shutdown()
                throw CLIError(key: "cli.user.email_taken", ["email": email])
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: Terminal.messages("cli.help.user.list.abstract"))
        @OptionGroup var databaseOptions: DatabaseOptions

        func run() async throws {
            let database = try await databaseOptions.openMigrated(logger: CLILogger.make(level: .warning))
            let accounts = try await SQLAccountRepository(database: database).all()
            try await database.shutdown()
            if accounts.isEmpty { print(Terminal.messages("cli.user.none")); return }
            for account in accounts {
                print("\(account.email)\t\(account.displayName)\t\(account.createdAt.formatted(.iso8601))")
            }
        }
    }

    struct ResetPassword: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "reset-password",
            abstract: Terminal.messages("cli.help.user.reset_password.abstract"),
            discussion: Terminal.messages("cli.help.user.password_discussion"))

        @Option(help: ArgumentHelp(Terminal.messages("cli.help.user.email"))) var email: String
        @Flag(help: ArgumentHelp(Terminal.messages("cli.help.user.password_stdin"))) var passwordStdin = false
        @OptionGroup var databaseOptions: DatabaseOptions

        func run() async throws {
            let email = try checked { try AccountRules.normalizedEmail(self.email) }
            let (password, generated) = try PasswordInput.read(fromStdin: passwordStdin)
            let database = try await databaseOptions.openMigrated(logger: CLILogger.make(level: .warning))
            let accounts = SQLAccountRepository(database: database)
            guard let found = try await accounts.credentials(email: email) else {
                try? await database.shutdown()
                throw CLIError(key: "cli.user.not_found", ["email": email])
            }
            try await accounts.setPasswordHash(try await PasswordHasher().hash(password), for: found.account.id)
            try await SQLSessionRepository(database: database).revokeAll(accountID: found.account.id, keeping: nil)
            // Running servers on the same PostgreSQL drop the sessions from their caches too.
            try await SQLInstanceMessenger(database: database).tell(.accountSessionsRevoked(found.account.id, keeping: nil))
            try await database.shutdown()
            print(Terminal.messages("cli.user.password_reset", ["email": email]))
            if generated { print(Terminal.messages("cli.user.password", ["password": password])) }
        }
    }
}

extension UserCommand {
    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: Terminal.messages("cli.help.user.delete.abstract"),
            discussion: Terminal.messages("cli.help.user.delete.discussion"))

        @Argument(help: ArgumentHelp(Terminal.messages("cli.help.user.email"))) var email: String
        @Flag(help: ArgumentHelp(Terminal.messages("cli.help.user.delete.yes"))) var yes = false
        @OptionGroup var databaseOptions: DatabaseOptions

        func run() async throws {
            let email = try checked { try AccountRules.normalizedEmail(self.email) }
            guard yes else { throw CLIError(key: "cli.user.delete_confirm", ["email": email]) }
            let logger = CLILogger.make(level: .warning)
            let database = try await databaseOptions.openMigrated(logger: logger)
            do {
                let accounts = SQLAccountRepository(database: database)
                guard let found = try await accounts.credentials(email: email) else { throw CLIError(key: "cli.user.not_found", ["email": email]) }
                let media = try databaseOptions.mediaStore(database: database)
                let smtp = ProcessInfo.processInfo.environment["CADENCE_SMTP_URL"].flatMap { $0.isEmpty ? nil : $0 }
                let mailer: any Mailer = try smtp.map { try SMTPMailer(url: $0, trustedCertificatesFile: nil) } ?? LogMailer(logger: logger)
                let deletion = AccountDeletion(
                    accounts: accounts, instances: SQLInstanceMessenger(database: database),
                    removeFiles: { try await media.removeAll(ownerID: $0) }, sessionCache: nil, hub: nil, mailer: mailer, logger: logger)
                try await deletion.delete(found.account)
            } catch let error as Refused {
                try? await database.shutdown()
                throw CLIError(Terminal.message(error))
            } catch {
                try? await database.shutdown()
                throw error
            }
            try await database.shutdown()
            print(Terminal.messages("cli.user.deleted", ["email": email]))
        }
    }
}

/// Domain validation failures become argument errors, which print usage-style messages and exit 64; a refusal
/// exits 1. Either says its message in the terminal's language when the domain gave it a catalogue key.
private func checked<T>(_ body: () throws -> T) throws -> T {
    do { return try body() } catch let error as CadenceCore.ValidationError {
        throw ArgumentParser.ValidationError("--\(error.field): \(Terminal.message(error))")
    } catch let error as Refused {
        throw CLIError(Terminal.message(error))
    }
}
