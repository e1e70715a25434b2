// The functions are `static inline` in the header; this file exists because SwiftPM needs a source file.
#include "ferry_atomics.h"
