// An app's file: Apple's frameworks and every public smcheck module imported together, the names below written
// unqualified. They are written in type position, where a name that two imported modules declare is an error
// ("ambiguous for type lookup"; an expression such as `State.self` would let the type checker pick one silently), so
// compiling this file is most of the test. SwiftUI, ObjectiveC, Combine and SwiftData do not exist on Linux:
// AppleFrameworkNames declares their commonly met names in a module of its own (see there why).
import AppleFrameworkNames
import Foundation
import Observation
import SMAnalyzer
import SMBuilder
import SMCodegen
import SMEngine
import SMFuzz
import SMReport
import SMSCXML
import SMSolver
import SMSpec
import SMTesting
import Testing
import XCTest

/// The frameworks' names an app writes unqualified every day.
typealias FrameworkTypes = (
    // Foundation
    Expression<Int, Bool>, Predicate<Int>, Data, Date, URL, UUID, Decimal, Locale, Calendar, AttributedString, Progress,
    Operation, Thread, Timer, Notification, Process, Bundle, JSONEncoder, JSONDecoder,
    // Testing, XCTest, Observation
    SourceLocation, Tag, Comment, Issue, Bug, Confirmation, Test, TimeLimitTrait, ConditionTrait, ParallelizationTrait,
    XCTestCase, XCTestExpectation, ObservationRegistrar,
    // SwiftUI
    State, Binding, Bindable, Environment, FocusState, Namespace, Text, Label, Button, Toggle, Picker, List, Group,
    Section, Form, Menu, Table, Grid, Color, Font, Image, Path, Edge, Axis, Alignment, Animation, Transition, Layout,
    Scene, Window, View, App,
    // ObjectiveC, Combine, SwiftData
    Method, Ivar, Category, Selector, Publisher, Subscriber, Subscription, Published, Just, Future, Record,
    AnyCancellable, Schema, Model, Query, ModelContext
)

/// smcheck's names that once met those above, and the ones an app writes beside them.
typealias SmcheckTypes = (
    Spec, Spec.State, Spec.Transition, Spec.Expression, Spec.SourceLocation, Spec.Action, Spec.Variable, Machine,
    StateMachine, MachineState, EngineError, Finding, Finding.Method, FindingCode, ObservedState, Fuzzer, Property,
    StateNode, SpecFile, SwiftGenerator, GuardAnalysis, Document
)

@Suite("An app file importing smcheck beside Apple's frameworks")
struct AppImportTests {
    @Test("each name is the framework's or smcheck's type it is meant to be")
    func namesResolveToTheirOwnModule() throws {
        // Unambiguous is not enough: a name resolved to the wrong module would compile too.
        let framework = String(reflecting: FrameworkTypes.self)
        // Foundation's value types live in FoundationEssentials where Foundation is split (Linux).
        #expect(try module(of: "Expression", in: framework)?.hasPrefix("Foundation") == true, "\(framework)")
        for (name, expected) in [
            ("SourceLocation", "Testing"), ("Tag", "Testing"), ("State", "AppleFrameworkNames"),
            ("Transition", "AppleFrameworkNames"), ("Method", "AppleFrameworkNames"),
            ("Schema", "AppleFrameworkNames"),
        ] {
            #expect(try module(of: name, in: framework) == expected, "\(name) in \(framework)")
        }
        let smcheck = String(reflecting: SmcheckTypes.self)
        for (name, expected) in [
            ("Spec.State", "SMSpec"), ("Spec.Expression", "SMSpec"), ("Spec.SourceLocation", "SMSpec"),
            ("Finding.Method", "SMAnalyzer"), ("ObservedState", "SMFuzz"),
        ] {
            #expect(try module(of: name, in: smcheck) == expected, "\(name) in \(smcheck)")
        }
    }

    /// The module `name` resolved to in the reflection of a tuple of types: "Testing" for `Testing.SourceLocation`.
    func module(of name: String, in reflection: String) throws -> String? {
        let pattern = try Regex("([A-Za-z]+)\\.\(name.replacingOccurrences(of: ".", with: "\\."))[<,)]")
        return reflection.firstMatch(of: pattern).flatMap { $0.output[1].substring.map(String.init) }
    }

    @Test("an app runs, checks and fuzzes a machine with the names unqualified")
    func appUsesTheNames() throws {
        let spec = Spec("door") {
            Events("open", "close")
            StateNode("closed") { On("open", to: "opened") }
            StateNode("opened") { On("close", to: "closed") }
        }
        let states: [Spec.State] = spec.states
        #expect(states.map(\.name) == ["closed", "opened"])

        let door = try StateMachine(spec)
        try door.start()
        try door.send("open")
        #expect(door.isActive("opened"))

        let analysis = try Analyzer.analyze(spec)
        let methods: Set<Finding.Method> = Set(analysis.findings.map(\.method))
        #expect(analysis.findings.isEmpty, "\(analysis.findings) by \(methods)")
        assertNoFindings(in: spec)

        let campaign = Fuzzer(machine: try Machine(spec), configuration: FuzzConfiguration(runs: 20, length: 10, seed: 1)).run()
        #expect(campaign.failure == nil && campaign.runs == 20)
    }
}
