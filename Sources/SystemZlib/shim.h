// zlib, for the raw deflate streams and CRC-32 checksums of zip entries (Debian: zlib1g-dev).
#include <zlib.h>
