/// The live-stream player of the TransitionKit article, driven by `TransitionKitPlayer` (generated from
/// `player.smcheck.json`): `canPlay` is the spec's opaque guard `?canPlay`, the other hooks its callbacks.
public final class PlayerController: TransitionKitPlayerHooks {
    /// Whether the stream is ready; `playing` is refused until it is.
    public var streamReady = false
    /// What the screen showed, in order.
    public private(set) var shown: [String] = []
    private var player = TransitionKitPlayer()

    public init() throws(TransitionKitPlayerError) {
        try player.start(hooks: self)
    }

    /// Fires an event; TransitionKit refuses an event from the wrong state, and so does the spec (`unhandled: error`).
    public func fire(_ event: TransitionKitPlayer.Event) throws(TransitionKitPlayerError) {
        try player.send(event, hooks: self)
    }

    public var state: TransitionKitPlayer.TopLevel? { player.configuration.topLevel }

    public func canPlay(_ event: TransitionKitPlayer.Event?) -> Bool { streamReady }
    public func showSpinner(_ event: TransitionKitPlayer.Event?) { shown.append("spinner") }
    public func startPlayback(_ event: TransitionKitPlayer.Event?) { shown.append("playback") }
    public func stopPlayback(_ event: TransitionKitPlayer.Event?) { shown.append("stopped") }
    public func showPausedButton(_ event: TransitionKitPlayer.Event?) { shown.append("paused") }
    public func showFinished(_ event: TransitionKitPlayer.Event?) { shown.append("finished") }
}
