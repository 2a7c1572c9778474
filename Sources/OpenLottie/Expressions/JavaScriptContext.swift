import CJavaScriptCore

/// A JavaScriptCore context whose every script is bounded: one that runs past `timeLimit`
/// seconds of processor time, or makes the process hold `memoryLimit` more bytes than when it
/// started, is stopped (JavaScriptCore's watchdog, asked every 50 ms).
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
        group = JSContextGroupCreate()
        context = JSGlobalContextCreateInGroup(group, nil)
        watch = .allocate(capacity: 1)
        watch.initialize(to: Watch(timeLimit: timeLimit, memoryLimit: memoryLimit))
        JSContextGroupSetExecutionTimeLimit(group, Self.tick, watchdogTick, watch)
    }

    /// How often the watchdog looks at a running script.
    fileprivate static let tick = 0.05

    deinit {
        JSGlobalContextRelease(context)
        JSContextGroupRelease(group)
        watch.deinitialize(count: 1)
        watch.deallocate()
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
        watch.pointee.startTime = oqc_thread_cpu_seconds()
        watch.pointee.startMemory = oqc_resident_bytes()
        watch.pointee.stopped = false
        let source = JSStringCreateWithUTF8CString(script)
        defer { JSStringRelease(source) }
        var exception: JSValueRef?
        let result = JSEvaluateScript(context, source, nil, nil, 1, &exception)
        if watch.pointee.stopped {
            throw Failure(message: "stopped", stopped: true)
        }
        guard let result, exception == nil else {
            throw Failure(message: string(exception), stopped: false)
        }
        return string(result)
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
