import CARenderCommands
import Foundation
import OpenQuartzCore
import OpenQuartzCoreRenderer

// The C library the Python package loads (`libopenquartzcore.so`, with ctypes): `carender`'s
// command line, run in a process of its own, and frames drawn in memory. Every function is
// called on the process's main thread (the scenes are main-actor objects); called on another
// thread, they fail with a message instead. Strings they return are freed with `oqc_free`.
//
//   int    oqc_carender_main(int argc, char **argv);            // runs carender; exits
//   void  *oqc_open(const char *input, int argc, const char **options, char **error);
//   int    oqc_info(void *source, double info[7]);               // 1, or 0 on error
//   double oqc_time_at_frame(void *source, double frame);         // NaN unless Lottie
//   void  *oqc_frames(void *source, double first, int count, int fps, char **error);
//   int    oqc_next(void *frames, void **pixels, unsigned char **rgba, char **error);
//                                                  // 1 a frame, 0 none left, -1 error
//   void   oqc_pixels_release(void *pixels);
//   void   oqc_frames_close(void *frames);
//   void   oqc_close(void *source);
//   void   oqc_free(char *string);

/// Runs `carender` with `argv` (its first element the program's name) and exits the process
/// with its status: the Python package's `render` and `inspect` run it in a child process.
@_cdecl("oqc_carender_main")
public func oqcCarenderMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    let arguments = (1..<max(Int(argc), 1)).compactMap { index in argv?[index].map { String(cString: $0) } }
    CARender.main(arguments, fontsBesideBinaryIn: CABundledFonts.executableFolder)
}

/// Loads `input` with `carender frame`'s options (`argc` strings at `options`); nil with
/// `*error` set (a string to free) when it does not load.
@_cdecl("oqc_open")
public func oqcOpen(
    _ input: UnsafePointer<CChar>?, _ argc: Int32, _ options: UnsafePointer<UnsafePointer<CChar>?>?,
    _ error: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> UnsafeMutableRawPointer? {
    guard let input else { return failing("oqc_open: no input path", error) }
    let arguments = (0..<max(Int(argc), 0)).compactMap { index in options?[index].map { String(cString: $0) } }
    let path = String(cString: input)
    nonisolated(unsafe) let message = error
    return onMainThread(error) { () -> UnsafeMutableRawPointer? in
        do {
            let source = try FrameSource(input: path, options: arguments)
            return Unmanaged.passRetained(source).toOpaque()
        } catch {
            return failing(String(describing: error), message)
        }
    } ?? nil
}

/// What `source` draws, as seven numbers written to `info`: the width and height in pixels,
/// the duration and the moment its options name (`time`) in seconds, and a Lottie file's frame
/// rate, first frame (`ip`) and last (`op`), NaN for other files. Returns 1, or 0 (nothing
/// written) without a source or off the main thread. Numbers, not text, so that the package
/// reads them without a JSON parser.
@_cdecl("oqc_info")
public func oqcInfo(_ handle: UnsafeMutableRawPointer?, _ info: UnsafeMutablePointer<Double>?) -> Int32 {
    guard let handle, let info else { return 0 }
    nonisolated(unsafe) let source = handle
    nonisolated(unsafe) let numbers = info
    return onMainThread(nil) { () -> Int32 in
        let source = Unmanaged<FrameSource>.fromOpaque(source).takeUnretainedValue()
        let frames = source.lottieFrames
        let values = [
            Double(source.pixelWidth), Double(source.pixelHeight), source.duration, source.defaultTime,
            frames.map { Double($0.rate) } ?? .nan, frames.map { Double($0.first) } ?? .nan,
            frames.map { Double($0.last) } ?? .nan,
        ]
        for (index, value) in values.enumerated() { numbers[index] = value }
        return 1
    } ?? 0
}

/// The media time of a Lottie file's frame `frame`; NaN for a scene or a CAML document.
@_cdecl("oqc_time_at_frame")
public func oqcTimeAtFrame(_ handle: UnsafeMutableRawPointer?, _ frame: Double) -> Double {
    guard let handle else { return .nan }
    nonisolated(unsafe) let source = handle
    return onMainThread(nil) {
        Unmanaged<FrameSource>.fromOpaque(source).takeUnretainedValue().time(atFrame: frame) ?? .nan
    } ?? .nan
}

/// A stream of `count` frames from frame number `first` at `fps` frames a second, as `carender
/// render` draws them, or with `fps` 0 of the one frame at time `first`, as `carender frame`
/// draws it: the scene is built now, each frame drawn (beside the next few) when `oqc_next`
/// reaches it. Nil with `*error` set when the arguments are wrong. Let go of with
/// `oqc_frames_close`; it holds what it draws, whatever becomes of `source`.
@_cdecl("oqc_frames")
public func oqcFrames(
    _ handle: UnsafeMutableRawPointer?, _ first: Double, _ count: Int32, _ fps: Int32,
    _ error: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> UnsafeMutableRawPointer? {
    guard let handle else { return failing("oqc_frames: no source", error) }
    guard first.isFinite, count > 0, fps >= 0, fps > 0 || count == 1 else {
        return failing(
            "oqc_frames: give a finite start, a count of at least 1 and an fps of 0 (one frame) or more", error)
    }
    nonisolated(unsafe) let opaque = handle
    return onMainThread(error) { () -> UnsafeMutableRawPointer? in
        let source = Unmanaged<FrameSource>.fromOpaque(opaque).takeUnretainedValue()
        let stream =
            fps == 0
            ? source.still(at: first) : source.frames(CAFrameSpan(first: first, count: Int(count), fps: Int(fps)))
        return Unmanaged.passRetained(stream).toOpaque()
    } ?? nil
}

/// The next frame of `frames`, straight RGBA8 (the top row first, the source's width × height
/// × 4 bytes) at `*rgba`, in memory the worker that painted it wrote and the caller now holds:
/// `*pixels`, let go of with `oqc_pixels_release`, after which `*rgba` is gone. Returns 1; 0
/// after the last frame; -1 with `*error` set when the frame cannot be drawn.
@_cdecl("oqc_next")
public func oqcNext(
    _ frames: UnsafeMutableRawPointer?, _ pixels: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
    _ rgba: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
    _ error: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    guard let frames, let pixels, let rgba else {
        return failing("oqc_next: no frames or nowhere to put the pixels", error) ?? -1
    }
    nonisolated(unsafe) let opaque = frames
    nonisolated(unsafe) let handle = pixels
    nonisolated(unsafe) let address = rgba
    nonisolated(unsafe) let message = error
    return onMainThread(error) { () -> Int32 in
        let stream = Unmanaged<CAFrameStream>.fromOpaque(opaque).takeUnretainedValue()
        do {
            guard let frame = try stream.next() else { return 0 }
            let memory = frame.rgbaMemory
            handle.pointee = Unmanaged.passRetained(memory).toOpaque()
            address.pointee = memory.baseAddress
            return 1
        } catch {
            return failing(String(describing: error), message) ?? -1
        }
    } ?? -1
}

/// Lets go of a frame's pixels `oqc_next` handed out. Any thread may call it.
@_cdecl("oqc_pixels_release")
public func oqcPixelsRelease(_ pixels: UnsafeMutableRawPointer?) {
    guard let pixels else { return }
    Unmanaged<CAPixelMemory>.fromOpaque(pixels).release()
}

/// Lets go of `frames`, waiting for the frames it is drawing.
@_cdecl("oqc_frames_close")
public func oqcFramesClose(_ frames: UnsafeMutableRawPointer?) {
    guard let frames else { return }
    nonisolated(unsafe) let opaque = frames
    _ = onMainThread(nil) { Unmanaged<CAFrameStream>.fromOpaque(opaque).release() }
}

/// Lets go of `source`.
@_cdecl("oqc_close")
public func oqcClose(_ handle: UnsafeMutableRawPointer?) {
    guard let handle else { return }
    nonisolated(unsafe) let source = handle
    _ = onMainThread(nil) { Unmanaged<FrameSource>.fromOpaque(source).release() }
}

/// Frees a string the library returned.
@_cdecl("oqc_free")
public func oqcFree(_ string: UnsafeMutablePointer<CChar>?) {
    free(string)
}

// MARK: Helpers

/// Sets `*error` to `message` (when there is somewhere to set it) and returns nil.
private func failing<T>(_ message: String, _ error: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> T? {
    error?.pointee = strdup(message)
    return nil
}

/// `body` on the main actor when called on the main thread; else nil, with `*error` saying so.
private func onMainThread<T>(
    _ error: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ body: @MainActor () -> T
) -> T? {
    guard Thread.isMainThread else {
        return failing("OpenQuartzCore is called on the process's main thread only", error)
    }
    // The result crosses no thread: this is the main thread, and the main actor's.
    nonisolated(unsafe) var result: T?
    MainActor.assumeIsolated {
        result = body()
        // Each call is a turn of the main thread's run loop, which a Python process does not
        // run: its implicit transaction commits here, letting go of the layers it holds.
        CATransaction.flush()
    }
    return result
}
