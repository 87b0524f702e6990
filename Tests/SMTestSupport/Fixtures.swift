public import Foundation
import SMSCXML
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
    public static var seedSpecPaths: [String] { get throws { try jsonFiles(in: specsDirectory) } }

    /// The deliberately broken specs: `Specs/defects/*.json`, sorted.
    public static var defectSpecPaths: [String] { get throws { try jsonFiles(in: specsDirectory.appendingPathComponent("defects")) } }

    /// Every spec in `Specs/`, seeds and defects.
    public static var allSpecPaths: [String] { get throws { try seedSpecPaths + defectSpecPaths } }

    /// Every fixture spec: `Tests/Fixtures/*/*.json`, sorted (a folder may hold none, the whole may not).
    public static var fixtureSpecPaths: [String] {
        get throws {
            let paths = try names(in: fixturesDirectory).sorted().flatMap { folder in
                let directory = fixturesDirectory.appendingPathComponent(folder)
                return try names(in: directory).filter(isJSONSpec).sorted().map { directory.appendingPathComponent($0).path }
            }
            return try nonEmpty(paths, fixturesDirectory)
        }
    }

    /// Every spec of the repository: seeds, defects and fixtures.
    public static var everySpecPath: [String] { get throws { try allSpecPaths + fixtureSpecPaths } }

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

    /// Every spec file (`.json` other than schemas, and `.scxml`) in `directory` and its subdirectories, sorted.
    public static func specFiles(under directory: URL) throws -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: directory.path) else {
            throw FixtureError("\(relative(directory.path)): cannot be listed")
        }
        var paths: [String] = []
        while let relative = enumerator.nextObject() as? String {
            if isSpec(relative) { paths.append(directory.appendingPathComponent(relative).path) }
        }
        return try nonEmpty(paths.sorted(), directory)
    }

    /// Loads a spec file in either format, as the command line does.
    public static func load(_ path: String) throws -> Spec {
        try SpecFile.load(path: path, displayName: relative(path))
    }

    /// The spec files of a folder in either format, `.json` and `.scxml`, sorted.
    public static func specFiles(in directory: URL) throws -> [String] {
        try nonEmpty(names(in: directory).filter(isSpec).sorted().map { directory.appendingPathComponent($0).path }, directory)
    }

    /// The `.json` spec files of a folder (schemas left out), sorted.
    public static func jsonFiles(in directory: URL) throws -> [String] {
        try nonEmpty(names(in: directory).filter(isJSONSpec).sorted().map { directory.appendingPathComponent($0).path }, directory)
    }

    private static func isJSONSpec(_ name: String) -> Bool { name.hasSuffix(".json") && !name.hasSuffix(".schema.json") }
    private static func isSpec(_ name: String) -> Bool { isJSONSpec(name) || name.hasSuffix(".scxml") }

    private static func names(in directory: URL) throws -> [String] {
        do {
            return try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            throw FixtureError("\(relative(directory.path)): cannot be listed: \(error.localizedDescription)")
        }
    }

    /// A test over the files of a folder must not pass by checking nothing when the folder is empty or moved.
    private static func nonEmpty(_ paths: [String], _ directory: URL) throws -> [String] {
        guard !paths.isEmpty else { throw FixtureError("\(relative(directory.path)): holds no spec files") }
        return paths
    }
}

/// Why a folder of specs a test runs over cannot be used.
public struct FixtureError: Error, CustomStringConvertible {
    public let description: String

    init(_ description: String) { self.description = description }
}
