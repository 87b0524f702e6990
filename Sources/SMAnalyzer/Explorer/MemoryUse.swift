import CPlatform

/// The process's memory, as the `--max-memory` limit and `explore --stats` read it (Linux and Apple platforms).
enum MemoryUse {
    /// Resident memory now, in bytes; nil where the platform cannot tell.
    static func resident() -> Int? {
        let bytes = smcheck_resident_bytes()
        return bytes < 0 ? nil : Int(bytes)
    }

    /// Peak resident memory so far, in bytes; nil where the platform cannot tell.
    static func peak() -> Int? {
        let bytes = smcheck_peak_resident_bytes()
        return bytes < 0 ? nil : Int(bytes)
    }
}
