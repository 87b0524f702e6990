@_spi(Stepping) import SMEngine

/// 64-bit hashes of machine states, stable across runs and machines (unlike `Hasher`, which is seeded per process).
enum Fingerprint {
    static let start: UInt64 = 0xCBF2_9CE4_8422_2325

    /// SplitMix64's finalizer: every input bit moves every output bit.
    static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The whole state of the context: configuration, variables and history memory.
    static func of(_ context: StepContext) -> UInt64 {
        var hash = start
        for word in context.configurationWords { hash = mix(hash ^ word) }
        for value in context.variableSlots { hash = mix(hash ^ UInt64(bitPattern: Int64(value))) }
        for memory in context.history {
            guard let memory else {
                hash = mix(hash ^ 0xFFFF)
                continue
            }
            for word in memory.words { hash = mix(hash ^ word) }
        }
        return hash
    }
}
