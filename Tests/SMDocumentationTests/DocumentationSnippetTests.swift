import Foundation
import SMCodegen
import SMEngine
import SMSpec
import SMTestSupport
import Testing

/// The Swift in the README and in Docs/ is compiled as part of this target (see `SnippetExtractor`); these tests
/// keep the generated files in step with the documents and run the snippets' statements.
@Suite("Swift snippets of the documentation")
struct DocumentationSnippetTests {
    static let root = Fixtures.repositoryRoot
    static let snippetsDirectory = root.appendingPathComponent("Tests/SMDocumentationTests/Snippets")

    @Test("the compiled snippets are the documents' snippets (scripts/update-snippets rewrites them)")
    func inStep() throws {
        let expected = try SnippetExtractor.expectedFiles(root: Self.root).files
        #expect(expected.count >= 5, "the README and Docs/ have Swift snippets")
        let committed = Set(try FileManager.default.contentsOfDirectory(atPath: Self.snippetsDirectory.path))
        #expect(committed == Set(expected.keys), "snippet files differ from the documents' blocks; run scripts/update-snippets")
        for (name, text) in expected.sorted(by: { $0.key < $1.key }) {
            let actual = try? String(contentsOf: Self.snippetsDirectory.appendingPathComponent(name), encoding: .utf8)
            #expect(actual == text, "\(name) is out of date; run scripts/update-snippets")
        }
    }

    @Test(
        "the generated types the documents use are what smcheck generate writes now (scripts/update-snippets)",
        arguments: SnippetExtractor.generatedSpecs)
    func generatedTypes(spec: String) throws {
        let generator = SwiftGenerator(machine: try Machine(try Fixtures.spec(spec)), options: .init(access: .internal))
        let directory = Self.root.appendingPathComponent("Tests/SMDocumentationTests/Generated")
        for (name, text) in [
            ("\(generator.typeName).swift", generator.source()),
            ("\(generator.typeName)+Conformance.swift", generator.conformanceSource()),
        ] {
            let committed = try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
            #expect(committed == text, "\(name) is out of date; run scripts/update-snippets")
        }
    }

    @Test("every snippet's statements run", arguments: documentationSnippets.map(\.place))
    func runs(place: String) throws {
        // Snippets name files relative to the repository, as a reader running them from a clone would.
        #expect(FileManager.default.changeCurrentDirectoryPath(Self.root.path))
        let snippet = try #require(documentationSnippets.first { $0.place == place })
        try snippet.run()
    }

    @Test("package manifests in the documentation are valid manifests")
    func manifests() throws {
        let manifests = try SnippetExtractor.expectedFiles(root: Self.root).snippets.filter(\.isManifest)
        #expect(!manifests.isEmpty, "the README shows how to depend on smcheck")
        for manifest in manifests {
            let scratch = try ScratchDirectory("manifest")
            try scratch.write("Package.swift", manifest.code)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["swift", "package", "--package-path", scratch.url.path, "dump-package"]
            let errors = Pipe()
            process.standardOutput = FileHandle.nullDevice
            process.standardError = errors
            try process.run()
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "\(manifest.document):\(manifest.line): \(message)")
        }
    }
}
