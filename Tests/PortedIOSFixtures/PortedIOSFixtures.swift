// The files in iOS/ are written as iOS apps and libraries write them; this target excludes
// them and compiles the copies the PortIOSSources plugin ports at build time.
