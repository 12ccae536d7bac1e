/// Galley's own plugin runs the galley that SwiftPM builds for it (the plugin
/// target depends on the `galley` executable). `GalleyPlugin.swift` beside
/// this file is a symbolic link to the source it shares with the light
/// package's plugin, `plugin/Plugins/GalleyPlugin/GalleyPlugin.swift`.
extension GalleyPlugin {
    static let galleySource = GalleySource.built
}
