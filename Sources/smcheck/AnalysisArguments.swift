import ArgumentParser
import Foundation
import SMAnalyzer
import SMReport
import SMSCXML
import SMSolver
import SMSpec

// The choices of `check`, `report` and the generation configuration: how to verify, how to solve guards, what to show.

struct SolverArgument: ExpressibleByArgument {
    let value: AnalysisOptions.SolverChoice
    static let automatic = SolverArgument(value: .automatic)

    init(value: AnalysisOptions.SolverChoice) { self.value = value }

    init?(argument: String) {
        guard let choice = AnalysisOptions.SolverChoice(rawValue: argument), choice != .automatic else { return nil }
        value = choice
    }

    static var allValueStrings: [String] { ["z3", "enumerate", "off"] }
    var defaultValueDescription: String { Z3Library.isAvailable ? "z3" : "enumerate" }
}

/// An option whose values are the raw values of one of the library's enums (`--method`, `--severity`, ...).
struct CaseArgument<Value: RawRepresentable & CaseIterable & Sendable>: ExpressibleByArgument where Value.RawValue == String {
    let value: Value

    init(_ value: Value) { self.value = value }

    init?(argument: String) {
        guard let value = Value(rawValue: argument) else { return nil }
        self.value = value
    }

    static var allValueStrings: [String] { Value.allCases.map(\.rawValue) }
    var defaultValueDescription: String { value.rawValue }
}
