public import Foundation
public import SMSpec

/// Where the repository's specs and fixtures are, found from this file's path so tests run from any directory.
public enum Fixtures {
    /// The repository root (the folder holding Package.swift).
    public static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // SMTestSupport
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    public static var specsDirectory: URL { repositoryRoot.appendingPathComponent("Specs") }

    /// Small specs, one per semantic feature, used by the engine and analyzer tests.
    public static var fixturesDirectory: URL { repositoryRoot.appendingPathComponent("Tests/Fixtures") }

    /// The spec files of the seed systems: `Specs/*.json`, sorted.
    public static var seedSpecPaths: [String] { jsonFiles(in: specsDirectory) }

    /// The deliberately broken specs: `Specs/defects/*.json`, sorted.
    public static var defectSpecPaths: [String] { jsonFiles(in: specsDirectory.appendingPathComponent("defects")) }

    /// Every spec in `Specs/`, seeds and defects.
    public static var allSpecPaths: [String] { seedSpecPaths + defectSpecPaths }

    /// Every fixture spec: `Tests/Fixtures/**/*.json`, sorted.
    public static var fixtureSpecPaths: [String] {
        let folders = ((try? FileManager.default.contentsOfDirectory(atPath: fixturesDirectory.path)) ?? []).sorted()
        return folders.flatMap { jsonFiles(in: fixturesDirectory.appendingPathComponent($0)) }
    }

    /// Every spec of the repository: seeds, defects and fixtures.
    public static var everySpecPath: [String] { allSpecPaths + fixtureSpecPaths }

    /// A file's path relative to the repository root, for readable test output.
    public static func relative(_ path: String) -> String {
        let root = repositoryRoot.path + "/"
        return path.hasPrefix(root) ? String(path.dropFirst(root.count)) : path
    }

    /// Loads `Specs/<name>.json` (name may include a folder: `defects/sm001-unreachable-state`).
    public static func spec(_ name: String) throws -> Spec {
        try Spec.load(path: specsDirectory.appendingPathComponent(name + ".json").path)
    }

    /// Loads `Tests/Fixtures/<name>.json`.
    public static func fixture(_ name: String) throws -> Spec {
        try Spec.load(path: fixturesDirectory.appendingPathComponent(name + ".json").path)
    }

    public static func text(_ relativePath: String) throws -> String {
        try String(contentsOf: repositoryRoot.appendingPathComponent(relativePath), encoding: .utf8)
    }

    public static func jsonFiles(in directory: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".json") && !$0.hasSuffix(".schema.json") }.sorted().map { directory.appendingPathComponent($0).path }
    }
}
