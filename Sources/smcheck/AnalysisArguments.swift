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

struct MethodArgument: ExpressibleByArgument {
    let value: VerificationMethod
    static let automatic = MethodArgument(value: .automatic)

    init(value: VerificationMethod) { self.value = value }

    init?(argument: String) {
        guard let method = VerificationMethod(rawValue: argument) else { return nil }
        value = method
    }

    static var allValueStrings: [String] { VerificationMethod.allCases.map(\.rawValue) }
    var defaultValueDescription: String { value.rawValue }
}

struct SeverityArgument: ExpressibleByArgument {
    let value: Severity
    static let info = SeverityArgument(value: .info)

    init(value: Severity) { self.value = value }

    init?(argument: String) {
        guard let severity = Severity(rawValue: argument) else { return nil }
        value = severity
    }

    static var allValueStrings: [String] { Severity.allCases.map(\.rawValue) }
    var defaultValueDescription: String { value.rawValue }
}
