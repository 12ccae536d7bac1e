import Dispatch
import Foundation
import Synchronization

/// The toolchain's sourcekitd, loaded in process (`libsourcekitdInProc.so`
/// with `dlopen`, its C functions through `@convention(c)` types): the
/// compiler's answers about a place in code, as Xcode's Quick Help gets them.
///
/// One AST per compiled file is built on the first request about it and
/// reused by the requests that follow with the same arguments, so asking
/// about every identifier of a sample costs one type-check and about a
/// millisecond per identifier. Requests may come from several threads.
///
/// ```swift
/// if let sourcekitd = SourceKitD.shared(besides: toolchain.swiftc) {
///     let info = sourcekitd.cursorInfo(file: path, offset: 120, arguments: ["-module-name", "M", path])
/// }
/// ```
package final class SourceKitD: CursorInfoAnswering, @unchecked Sendable {
    private typealias UID = OpaquePointer
    private typealias Object = UnsafeMutableRawPointer

    private let initialize: @convention(c) () -> Void
    private let uidFromString: @convention(c) (UnsafePointer<CChar>) -> UID?
    private let dictionaryCreate: @convention(c) (UnsafePointer<UID?>?, UnsafePointer<Object?>?, Int) -> Object?
    private let dictionarySetUID: @convention(c) (Object, UID, UID) -> Void
    private let dictionarySetString: @convention(c) (Object, UID, UnsafePointer<CChar>) -> Void
    private let dictionarySetInteger: @convention(c) (Object, UID, Int64) -> Void
    private let dictionarySetValue: @convention(c) (Object, UID, Object) -> Void
    private let arrayCreate: @convention(c) (UnsafePointer<Object?>?, Int) -> Object?
    private let arraySetString: @convention(c) (Object, UInt, UnsafePointer<CChar>) -> Void
    private let requestRelease: @convention(c) (Object) -> Void
    private let sendSync: @convention(c) (Object) -> Object?
    private let isError: @convention(c) (Object) -> Bool
    private let errorDescription: @convention(c) (Object) -> UnsafePointer<CChar>?
    private let describe: @convention(c) (Object) -> UnsafeMutablePointer<CChar>?
    private let dispose: @convention(c) (Object) -> Void

    /// How long one request may take before sourcekitd is given up for the
    /// rest of the process (the first request of a file type-checks it).
    package var timeout: DispatchTimeInterval = .seconds(60)
    private let state = Mutex(State())

    private struct State {
        package var unresponsive = false
        package var requests = 0
    }

    /// How many requests were sent (tests check that a warm build sends none).
    package var requestCount: Int { state.withLock { $0.requests } }

    /// Whether a request timed out: no more are sent.
    package var isUnresponsive: Bool { state.withLock { $0.unresponsive } }

    private static let loaded = Mutex<[String: Result<SourceKitD, LoadFailure>]>([:])

    /// Why sourcekitd is not available.
    package struct LoadFailure: Error, Sendable {
        package var message: String
    }

    /// The sourcekitd of the toolchain whose `swiftc` is given
    /// (`<toolchain>/usr/lib/libsourcekitdInProc.so`, or the file
    /// `GALLEY_SOURCEKITD` names), loaded and initialized once per process.
    package static func shared(
        besides swiftc: URL, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> Result<SourceKitD, LoadFailure> {
        let path =
            environment["GALLEY_SOURCEKITD"]
            ?? swiftc.resolvingSymlinksInPath().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("lib/libsourcekitdInProc.so").path
        return loaded.withLock { cache in
            if let known = cache[path] { return known }
            let result = Result { () throws(LoadFailure) -> SourceKitD in try SourceKitD(path: path) }
            cache[path] = result
            return result
        }
    }

    /// The library file loaded.
    package let libraryPath: String

    private init(path: String) throws(LoadFailure) {
        libraryPath = path
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? "not found"
            throw LoadFailure(message: "cannot load \(path): \(reason)")
        }
        func symbol<T>(_ name: String, as type: T.Type) throws(LoadFailure) -> T {
            guard let address = dlsym(handle, name) else { throw LoadFailure(message: "\(path) has no \(name)") }
            return unsafeBitCast(address, to: type)
        }
        initialize = try symbol("sourcekitd_initialize", as: (@convention(c) () -> Void).self)
        uidFromString = try symbol("sourcekitd_uid_get_from_cstr", as: (@convention(c) (UnsafePointer<CChar>) -> UID?).self)
        dictionaryCreate = try symbol(
            "sourcekitd_request_dictionary_create",
            as: (@convention(c) (UnsafePointer<UID?>?, UnsafePointer<Object?>?, Int) -> Object?).self)
        dictionarySetUID = try symbol("sourcekitd_request_dictionary_set_uid", as: (@convention(c) (Object, UID, UID) -> Void).self)
        dictionarySetString = try symbol(
            "sourcekitd_request_dictionary_set_string",
            as: (@convention(c) (Object, UID, UnsafePointer<CChar>) -> Void).self)
        dictionarySetInteger = try symbol("sourcekitd_request_dictionary_set_int64", as: (@convention(c) (Object, UID, Int64) -> Void).self)
        dictionarySetValue = try symbol("sourcekitd_request_dictionary_set_value", as: (@convention(c) (Object, UID, Object) -> Void).self)
        arrayCreate = try symbol("sourcekitd_request_array_create", as: (@convention(c) (UnsafePointer<Object?>?, Int) -> Object?).self)
        arraySetString = try symbol(
            "sourcekitd_request_array_set_string",
            as: (@convention(c) (Object, UInt, UnsafePointer<CChar>) -> Void).self)
        requestRelease = try symbol("sourcekitd_request_release", as: (@convention(c) (Object) -> Void).self)
        sendSync = try symbol("sourcekitd_send_request_sync", as: (@convention(c) (Object) -> Object?).self)
        isError = try symbol("sourcekitd_response_is_error", as: (@convention(c) (Object) -> Bool).self)
        errorDescription = try symbol(
            "sourcekitd_response_error_get_description",
            as: (@convention(c) (Object) -> UnsafePointer<CChar>?).self)
        describe = try symbol(
            "sourcekitd_response_description_copy",
            as: (@convention(c) (Object) -> UnsafeMutablePointer<CChar>?).self)
        dispose = try symbol("sourcekitd_response_dispose", as: (@convention(c) (Object) -> Void).self)
        initialize()
    }

    private func uid(_ name: String) -> UID? { uidFromString(name) }

    /// `source.request.cursorinfo` at the UTF-8 `offset` of `file`, compiled
    /// with `arguments` (swiftc's, every file of the module included); `nil`
    /// when there is nothing there, sourcekitd failed, or it did not answer in time.
    package func cursorInfo(file: String, offset: Int, arguments: [String]) -> SourceKitValue? {
        cursorInfoText(file: file, offset: offset, arguments: arguments).flatMap(SourceKitValue.parse)
    }

    /// The same request's response as sourcekitd describes it (what
    /// ``SourceKitValue/parse(_:)`` reads; what a ``SourceKitWorker`` sends back).
    package func cursorInfoText(file: String, offset: Int, arguments: [String]) -> String? {
        guard let request = dictionaryCreate(nil, nil, 0) else { return nil }
        guard let keyRequest = uid("key.request"), let cursorInfo = uid("source.request.cursorinfo"),
            let keySourceFile = uid("key.sourcefile"), let keyOffset = uid("key.offset"),
            let keyArguments = uid("key.compilerargs"), let keyCancel = uid("key.cancel_on_subsequent_request"),
            let list = arrayCreate(nil, 0)
        else {
            requestRelease(request)
            return nil
        }
        dictionarySetUID(request, keyRequest, cursorInfo)
        dictionarySetString(request, keySourceFile, file)
        dictionarySetInteger(request, keyOffset, Int64(offset))
        // Not an editor: a request from another thread must not cancel this one.
        dictionarySetInteger(request, keyCancel, 0)
        for argument in arguments { arraySetString(list, UInt.max, argument) }
        dictionarySetValue(request, keyArguments, list)
        requestRelease(list)
        return send(request)
    }

    /// Sends `request` (and releases it) and waits at most ``timeout``; a
    /// request that does not answer in time marks sourcekitd unresponsive
    /// (its thread is left to it, and releases the request if it ever ends).
    private func send(_ request: Object) -> String? {
        let go = state.withLock { state -> Bool in
            if state.unresponsive { return false }
            state.requests += 1
            return true
        }
        guard go else {
            requestRelease(request)
            return nil
        }
        final class Box: @unchecked Sendable {
            var text: String?
        }
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        let address = UInt(bitPattern: request)
        DispatchQueue.global().async { [self] in
            defer { done.signal() }
            guard let request = UnsafeMutableRawPointer(bitPattern: address) else { return }
            defer { requestRelease(request) }
            guard let response = sendSync(request) else { return }
            if !isError(response), let description = describe(response) {
                box.text = String(cString: description)
                free(description)
            }
            dispose(response)
        }
        guard done.wait(timeout: .now() + timeout) == .success else {
            state.withLock { $0.unresponsive = true }
            return nil
        }
        return box.text
    }
}
