/* The data files' look-up (mk61_cli_data.h). */
#include "mk61_cli_data.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

/* Compiled in by emulator/CMakeLists.txt:
 *   KALAH61_DATA_FROM_BIN  the data folder relative to the binaries' folder
 *   KALAH61_DATA_DIR       the same, absolute, for the configured prefix
 *   KALAH61_BUILD_DIR      the build folder the commands are written to
 *   KALAH61_SOURCE_DATA    the source tree's programs/ */

/* Two paths name the same existing folder. */
static bool same_dir(const char *a, const char *b)
{
    struct stat sa, sb;
    return stat(a, &sa) == 0 && stat(b, &sb) == 0 && S_ISDIR(sa.st_mode) &&
           sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

const char *cli_data_path(const char *name, char *buf, size_t size)
{
    char exe[CLI_PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0 || exe[0] != '/') {
        snprintf(buf, size, "%s/%s", KALAH61_DATA_DIR, name);
        return buf;
    }
    exe[n] = '\0';
    char *slash = strrchr(exe, '/');
    slash[slash == exe] = '\0'; /* the folder ("/" for a program in /) */
    snprintf(buf, size, "%s/%s/%s", exe, KALAH61_DATA_FROM_BIN, name);
    struct stat st;
    if (stat(buf, &st) != 0 && same_dir(exe, KALAH61_BUILD_DIR))
        snprintf(buf, size, "%s/%s", KALAH61_SOURCE_DATA, name);
    return buf;
}
