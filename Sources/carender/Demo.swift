import ArgumentParser

struct Demo: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Prints what the seed articles' experiments print.")

    func run() throws {
        print("demo")
    }
}
