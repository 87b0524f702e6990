import Foundation

/// The specs `FlatRing` and `Player` are generated from (by the SMCheckGenerate plugin, at build time): the JSON
/// forms of `BenchmarkSpecs.flatRing` and `BenchmarkSpecs.player`, which the engine benchmarks check before measuring.
public enum GeneratedSpecs {
    public static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    public static var flatRingPath: String { directory.appendingPathComponent("flat-ring.smcheck.json").path }
    public static var playerPath: String { directory.appendingPathComponent("player.smcheck.json").path }
}
