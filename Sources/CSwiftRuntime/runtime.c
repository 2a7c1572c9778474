// The declarations in include/CSwiftRuntime.h are defined by the Swift runtime itself; this
// file exists because a C target needs one source file.
#include "CSwiftRuntime.h"
