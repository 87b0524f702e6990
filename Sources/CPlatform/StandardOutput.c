#include "CPlatform.h"

#include <errno.h>
#include <stdio.h>

int smcheck_flush_standard_output(void) {
    errno = 0;
    if (fflush(stdout) != 0 || ferror(stdout)) {
        return errno != 0 ? errno : -1;
    }
    return 0;
}
