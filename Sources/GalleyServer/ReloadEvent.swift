/// A message of the live-reload channel, `/__galley/events`, sent as a
/// server-sent event.
///
/// ```text
/// event: reload
/// data: 4f1c-3
/// ```
public enum ReloadEvent: Sendable, Equatable {
    /// Sent first on every connection: the build the server now serves.
    /// A page served by another build reloads.
    case ready(buildID: String)
    /// A rebuild succeeded: reload the page.
    case reload(buildID: String)
    /// A rebuild failed: show the overlay; the last good pages are still served.
    /// Sent as `build-error`, since `error` is the name of EventSource's own
    /// event for a failed connection.
    case error(ErrorOverlay)
    /// A comment that keeps idle connections open and finds closed ones.
    case heartbeat

    /// The event's name (`ready`, `reload`, `build-error`), `nil` for a heartbeat.
    public var name: String? {
        switch self {
        case .ready: "ready"
        case .reload: "reload"
        case .error: "build-error"
        case .heartbeat: nil
        }
    }

    /// The event on the wire, ending with the blank line that dispatches it.
    public var serverSentEvent: String {
        switch self {
        case .ready(let id): "event: ready\ndata: \(id)\n\n"
        case .reload(let id): "event: reload\ndata: \(id)\n\n"
        case .error(let failure): "event: build-error\ndata: \(failure.json)\n\n"
        case .heartbeat: ": heartbeat\n\n"
        }
    }
}
