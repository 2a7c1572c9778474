// The hints are inline functions in include/CMemoryHints.h; a C target needs a source file.
#include "CMemoryHints.h"
