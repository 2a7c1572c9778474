import CJavaScriptCore
import Foundation
import Synchronization

/// A JavaScriptCore context whose every script is bounded: one that runs past `timeLimit`
/// seconds of processor time, or makes the process hold `memoryLimit` more bytes than when the
/// context was made (or last stopped a script), is stopped (JavaScriptCore's watchdog, asked every 50 ms).
///
/// Each context has a global object of its own, so nothing one file's expressions leave
/// behind reaches another's; the virtual machine it runs in (a context group, with the code it
/// has compiled) is taken from ``Machines`` and given back for the next file.
final class JavaScriptContext {
    /// Why a script gave no result: the exception it threw, or that it was stopped.
    struct Failure: Error {
        let message: String
        /// Whether the watchdog stopped it (the time or memory limit), not an exception.
        let stopped: Bool
    }

    fileprivate struct Watch {
        var startTime = 0.0
        var startMemory = 0
        var timeLimit: Double
        var memoryLimit: Int
        var stopped = false
    }

    private let group: JSContextGroupRef
    private let context: JSGlobalContextRef
    private let watch: UnsafeMutablePointer<Watch>

    init(timeLimit: Double, memoryLimit: Int) {
        _ = Self.tuned
        group = Machines.shared.take()
        context = JSGlobalContextCreateInGroup(group, nil)
        watch = .allocate(capacity: 1)
        watch.initialize(to: Watch(startMemory: oqc_resident_bytes(), timeLimit: timeLimit, memoryLimit: memoryLimit))
        JSContextGroupSetExecutionTimeLimit(group, Self.tick, watchdogTick, watch)
    }

    /// JavaScriptCore tuned for a file's expressions, once, before its first context: each
    /// expression runs for the few dozen frames of one file, where the optimising compiler
    /// (DFG) and compiling on threads of its own cost more processor time than they save (made
    /// file of 72 expressions: 0.66× the processor time, 1.04× the wall time).
    private static let tuned: Void = {
        // An option a build of JavaScriptCore lacks is only a tuning missed.
        for option in ["useDFGJIT", "useConcurrentJIT"] { _ = jsc_options_set_boolean(option, 0) }
    }()

    /// How often the watchdog looks at a running script.
    fileprivate static let tick = 0.05

    deinit {
        JSGlobalContextRelease(context)
        JSContextGroupClearExecutionTimeLimit(group)
        Machines.shared.give(group)
        watch.deinitialize(count: 1)
        watch.deallocate()
    }

    /// The virtual machines not in use, kept for the next file's expressions: in a machine
    /// that has run the runtime before, a file's evaluation skips parsing and compiling it again
    /// (made file of 72 expressions: 0.6× the time of a new machine). One per core at most;
    /// each is used by one context at a time, since the watchdog is set per machine.
    final class Machines: Sendable {
        static let shared = Machines()

        private struct Kept: @unchecked Sendable {
            // JavaScriptCore's context groups may be used from any thread, one at a time.
            var groups: [JSContextGroupRef] = []
        }
        private let kept = Mutex(Kept())
        private let capacity = max(1, ProcessInfo.processInfo.activeProcessorCount)

        /// A machine of the pool, or a new one.
        func take() -> JSContextGroupRef {
            kept.withLock { $0.groups.popLast() } ?? JSContextGroupCreate()
        }

        /// Gives `group` back, or lets it go when the pool is full.
        func give(_ group: JSContextGroupRef) {
            let kept = kept.withLock { kept in
                guard kept.groups.count < capacity else { return false }
                kept.groups.append(group)
                return true
            }
            if !kept { JSContextGroupRelease(group) }
        }
    }

    /// Sets the global variable `name` to the string `value`.
    func setGlobal(_ name: String, to value: String) {
        let key = JSStringCreateWithUTF8CString(name)
        let text = JSStringCreateWithUTF8CString(value)
        defer {
            JSStringRelease(key)
            JSStringRelease(text)
        }
        JSObjectSetProperty(context, JSContextGetGlobalObject(context), key, JSValueMakeString(context, text), 0, nil)
    }

    /// Runs `script` and answers its result as a string.
    @discardableResult
    func evaluate(_ script: String) throws(Failure) -> String {
        string(try value(of: script))
    }

    /// Runs `script` under the watchdog and answers its result.
    private func value(of script: String) throws(Failure) -> JSValueRef {
        let source = JSStringCreateWithUTF8CString(script)
        defer { JSStringRelease(source) }
        return try watched { exception in JSEvaluateScript(context, source, nil, nil, 1, &exception) }
    }

    /// The function `expression` evaluates to, for ``call(_:_:)``: found once, called without
    /// parsing a script each time.
    func function(_ expression: String) throws(Failure) -> JSObjectRef {
        let value = try value(of: expression)
        guard JSValueIsObject(context, value), let object = JSValueToObject(context, value, nil),
            JSObjectIsFunction(context, object)
        else { fatalError("the expression runtime's \(expression) is not a function") }
        return object
    }

    /// Calls `function` (from ``function(_:)``, kept alive by the runtime that holds it) with
    /// numbers; answers its result as a number.
    func call(_ function: JSObjectRef, _ arguments: Double...) throws(Failure) -> Double {
        let values = arguments.map { JSValueMakeNumber(context, $0) }
        let result = try values.withUnsafeBufferPointer { buffer throws(Failure) in
            try watched { exception in
                JSObjectCallAsFunction(context, function, nil, buffer.count, buffer.baseAddress, &exception)
            }
        }
        return JSValueToNumber(context, result, nil)
    }

    /// Runs `body` under the watchdog: its result, or why there is none.
    private func watched(_ body: (inout JSValueRef?) -> JSValueRef?) throws(Failure) -> JSValueRef {
        watch.pointee.startTime = oqc_thread_cpu_seconds()
        watch.pointee.stopped = false
        var exception: JSValueRef?
        let result = body(&exception)
        if watch.pointee.stopped {
            watch.pointee.startMemory = oqc_resident_bytes()
            throw Failure(message: "stopped", stopped: true)
        }
        guard let result, exception == nil else {
            throw Failure(message: string(exception), stopped: false)
        }
        return result
    }

    private func string(_ value: JSValueRef?) -> String {
        guard let value, let text = JSValueToStringCopy(context, value, nil) else { return "" }
        defer { JSStringRelease(text) }
        let capacity = JSStringGetMaximumUTF8CStringSize(text)
        return String(unsafeUninitializedCapacity: capacity) { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                max(0, JSStringGetUTF8CString(text, chars.baseAddress, capacity) - 1)
            }
        }
    }
}

/// The watchdog's look at a running script, every ``JavaScriptContext/tick`` seconds: stops it
/// past its limits, else asks to be called again (JavaScriptCore calls the callback once per
/// limit set).
private func watchdogTick(_ context: JSContextRef?, _ info: UnsafeMutableRawPointer?) -> Bool {
    guard let context, let watch = info?.assumingMemoryBound(to: JavaScriptContext.Watch.self) else { return true }
    let over =
        oqc_thread_cpu_seconds() - watch.pointee.startTime > watch.pointee.timeLimit
        || oqc_resident_bytes() - watch.pointee.startMemory > watch.pointee.memoryLimit
    if over {
        watch.pointee.stopped = true
    } else {
        JSContextGroupSetExecutionTimeLimit(JSContextGetGroup(context), JavaScriptContext.tick, watchdogTick, info)
    }
    return over
}
