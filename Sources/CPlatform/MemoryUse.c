#include "CPlatform.h"

#if defined(__APPLE__)
#include <mach/mach.h>

int64_t smcheck_resident_bytes(void) {
    struct mach_task_basic_info info;
    mach_msg_type_number_t count = MACH_TASK_BASIC_INFO_COUNT;
    if (task_info(mach_task_self(), MACH_TASK_BASIC_INFO, (task_info_t)&info, &count) != KERN_SUCCESS) return -1;
    return (int64_t)info.resident_size;
}

int64_t smcheck_peak_resident_bytes(void) {
    struct mach_task_basic_info info;
    mach_msg_type_number_t count = MACH_TASK_BASIC_INFO_COUNT;
    if (task_info(mach_task_self(), MACH_TASK_BASIC_INFO, (task_info_t)&info, &count) != KERN_SUCCESS) return -1;
    return (int64_t)info.resident_size_max;
}

#elif defined(__linux__)
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int64_t smcheck_resident_bytes(void) {
    FILE *file = fopen("/proc/self/statm", "r");
    if (!file) return -1;
    long size = 0, resident = 0;
    int read = fscanf(file, "%ld %ld", &size, &resident);
    fclose(file);
    if (read != 2) return -1;
    return (int64_t)resident * (int64_t)sysconf(_SC_PAGESIZE);
}

int64_t smcheck_peak_resident_bytes(void) {
    FILE *file = fopen("/proc/self/status", "r");
    if (!file) return -1;
    char line[256];
    int64_t result = -1;
    while (fgets(line, sizeof line, file)) {
        long kilobytes = 0;
        if (strncmp(line, "VmHWM:", 6) == 0 && sscanf(line + 6, "%ld", &kilobytes) == 1) {
            result = (int64_t)kilobytes * 1024;
            break;
        }
    }
    fclose(file);
    return result;
}

#else
int64_t smcheck_resident_bytes(void) { return -1; }
int64_t smcheck_peak_resident_bytes(void) { return -1; }
#endif

#if defined(__APPLE__) || defined(__linux__)
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

int64_t smcheck_mapped_bytes(const void *start, size_t bytes) {
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    uintptr_t first = (uintptr_t)start & ~(page - 1);
    size_t length = (size_t)((uintptr_t)start + bytes - first);
    size_t pages = (length + page - 1) / page;
    // One byte a page: 256 KB for the largest dense array (1 GB).
    unsigned char *vector = malloc(pages > 0 ? pages : 1);
    if (!vector) return -1;
    // The vector is `char *` on Apple platforms, `unsigned char *` on Linux.
    if (mincore((void *)first, length, (void *)vector) != 0) {
        free(vector);
        return -1;
    }
    int64_t mapped = 0;
    for (size_t i = 0; i < pages; i++) mapped += vector[i] & 1;
    free(vector);
    return mapped * (int64_t)page;
}
#else
int64_t smcheck_mapped_bytes(const void *start, size_t bytes) { return (void)start, (void)bytes, -1; }
#endif
