#ifndef C_SWIFT_RUNTIME_H
#define C_SWIFT_RUNTIME_H

#include <stddef.h>

// Entry points of the Swift runtime (exported by libswiftCore, C calling convention) that
// OpenQuartzCore needs to make a layer subclass's presentation copy without running one of its
// initializers (Layer/StoredPropertyCopier.swift). Swift reserves these names for the runtime
// and warns when Swift code binds them itself; declared here, they are ordinary C functions.

/// A new, uninitialized instance of the class whose metadata is given, retained once.
void *swift_allocObject(const void *metadata, size_t requiredSize, size_t requiredAlignmentMask);

/// Initializes the weak reference at `destination` to the object the one at `source` refers to.
void *swift_weakCopyInit(void *destination, void *source);

/// Adds an unowned reference to `object` (nothing for null).
void *swift_unownedRetain(void *object);

#endif
