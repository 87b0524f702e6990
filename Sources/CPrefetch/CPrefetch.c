// The module is its header; SwiftPM wants a source file in every C target.
#include "CPrefetch.h"
