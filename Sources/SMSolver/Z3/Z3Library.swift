#if Z3
    internal import CZ3
#endif

/// What this build knows about libz3.
public enum Z3Library {
    /// True when smcheck was built with the "Z3" trait (the default) and linked against libz3.
    public static var isAvailable: Bool {
        #if Z3
            true
        #else
            false
        #endif
    }

    /// libz3's own version string, e.g. "Z3 4.8.12.0", or nil when built without Z3.
    public static var version: String? {
        #if Z3
            return String(cString: Z3_get_full_version())
        #else
            return nil
        #endif
    }
}
