// libz3's C API, through pkg-config's "z3" (Debian: libz3-dev).
#include <z3.h>
