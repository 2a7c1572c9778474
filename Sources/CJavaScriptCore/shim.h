// JavaScriptCore, the JavaScript engine Apple ships, through its C API (Debian:
// libjavascriptcoregtk-4.1-dev, WebKitGTK's build of it): Lottie expressions run in it.
#include <JavaScriptCore/JavaScript.h>
#include <stdbool.h>

// A context group's watchdog: a script of the group that has run `limit` seconds of CPU time
// asks `callback` whether to stop (returning true stops it with an uncatchable exception; a
// null callback stops it always). The library exports these (WebKit's JSContextRefPrivate.h
// declares them); Debian's headers carry only the public part of the API.
typedef bool (*JSShouldTerminateCallback)(JSContextRef context, void *info);
JS_EXPORT void JSContextGroupSetExecutionTimeLimit(
    JSContextGroupRef group, double limit, JSShouldTerminateCallback callback, void *info);
JS_EXPORT void JSContextGroupClearExecutionTimeLimit(JSContextGroupRef group);

// JavaScriptCore's options (WebKitGTK's JSCOptions API, jsc/jscoptions.h; gboolean is an int),
// set before the first context is made: answers whether the option exists.
JS_EXPORT int jsc_options_set_boolean(const char *option, int value);

#include <stdio.h>
#include <time.h>
#include <unistd.h>

// Seconds of processor time the calling thread has used.
static inline double oqc_thread_cpu_seconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}

// The bytes of memory the process holds (its resident set), 0 when /proc cannot tell.
static inline long oqc_resident_bytes(void) {
    FILE *statm = fopen("/proc/self/statm", "r");
    if (!statm) return 0;
    long size = 0, resident = 0;
    int read = fscanf(statm, "%ld %ld", &size, &resident);
    fclose(statm);
    return read == 2 ? resident * sysconf(_SC_PAGESIZE) : 0;
}
