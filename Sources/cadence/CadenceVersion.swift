import ArgumentParser

enum CadenceVersion {
    static let current = "0.1.0"
}
