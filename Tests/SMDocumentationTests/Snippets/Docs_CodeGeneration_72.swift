// Generated from Docs/CodeGeneration.md (the Swift block at line 72); do not edit.
// Edit the document, then run scripts/update-snippets.
// swift-format-ignore-file

final class StreamScreen: TransitionKitPlayerHooks {
    var streamReady = false
    var shown: [String] = []

    func canPlay(_ event: TransitionKitPlayer.Event?) -> Bool { streamReady }                 // "guard": "?canPlay"
    func showSpinner(_ event: TransitionKitPlayer.Event?) { shown.append("spinner") }        // {"call": "showSpinner"}
    func startPlayback(_ event: TransitionKitPlayer.Event?) { shown.append("playback") }
    func stopPlayback(_ event: TransitionKitPlayer.Event?) { shown.append("stopped") }
    func showPausedButton(_ event: TransitionKitPlayer.Event?) { shown.append("paused") }
    func showFinished(_ event: TransitionKitPlayer.Event?) { shown.append("finished") }
}

func snippet_Docs_CodeGeneration_72() throws {
    /// `TransitionKitPlayerHooks`, generated from Specs/transitionkit-player.json, implemented by a screen.
}
