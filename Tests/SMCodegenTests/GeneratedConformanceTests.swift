import Foundation
import SMEngine
import SMSCXML
import SMSpec
import SMTestSupport
import Testing

/// The generated code against the interpreter, for every spec the repository has: each is generated, all are built
/// in one scratch package (Swift 6 mode, warnings are errors), and each machine is fuzzed against the engine with a
/// fixed seed through its `StateMachineImplementation` conformance. The hooks of the conformance replay the fuzzer's
/// draws, so specs with opaque guards, callbacks and `oneOf` targets are checked on every path too.
@Suite("Generated code behaves as the engine", .serialized)
struct GeneratedConformanceTests {
    /// The folders whose specs are generated: the seed specs, the defects, and each folder of fixtures.
    static var specFolders: [URL] {
        let fixtures = Fixtures.fixturesDirectory
        let subfolders = ((try? FileManager.default.contentsOfDirectory(atPath: fixtures.path)) ?? []).sorted()
            .map { fixtures.appendingPathComponent($0) }
            .filter { (try? $0.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true }
        return [Fixtures.specsDirectory, Fixtures.specsDirectory.appendingPathComponent("defects")] + subfolders
    }

    @Test("every spec in Specs/ and Tests/Fixtures/ generates, compiles without warnings and fuzzes like the engine")
    func everySpecConforms() throws {
        let folders = Self.specFolders
        #expect(folders.count >= 4, "expected Specs/, Specs/defects/ and the fixture folders, found \(folders.map(\.path))")
        var subjects: [(ConformancePackage.Subject, Machine)] = []
        for folder in folders {
            let paths = try Fixtures.specFiles(in: folder)
            #expect(!paths.isEmpty, "no spec in \(Fixtures.relative(folder.path)): the test would check nothing there")
            for path in paths {
                let machine = try Machine(try SpecFile.load(path: path))
                subjects.append((ConformancePackage.Subject(specPath: path, typeName: Self.typeName(for: path)), machine))
            }
        }
        let package = ConformancePackage()
        let verdicts = try DependentPackage.exclusively {
            try package.write(subjects)
            let build = try package.build()
            try #require(build.succeeded, "the generated code does not build:\n\(build.output.suffix(6000))")
            return try package.fuzz(seed: 20_261_122, runs: 100, length: 60, walks: 100)
        }
        #expect(verdicts.count == subjects.count, "the runner reported \(verdicts.count) of \(subjects.count) specs")
        for verdict in verdicts {
            let spec = Fixtures.relative(verdict["spec"] ?? "?")
            #expect(
                verdict["verdict"] == "conforms" || verdict["verdict"] == "reproduces",
                "\(spec): \(verdict["verdict"] ?? "?"): \(verdict["detail"] ?? "")")
        }
    }

    /// A type name unique to the spec's place: `Specs/defects/sm001-unreachable-state.json` → `DefectsSm001UnreachableState`.
    static func typeName(for path: String) -> String {
        let relative = Fixtures.relative(path).replacingOccurrences(of: ".json", with: "").replacingOccurrences(of: ".scxml", with: "Scxml")
        let words = relative.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map { $0.prefix(1).uppercased() + $0.dropFirst() }
        return "Spec" + words.joined()
    }
}
