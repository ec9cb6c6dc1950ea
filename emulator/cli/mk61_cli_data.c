/* The data files' look-up (mk61_cli_data.h). */
#include "mk61_cli_data.h"

#include "cli_args.h"

#include <stdio.h>
#include <sys/stat.h>
#include <sys/types.h>

/* Compiled in by emulator/CMakeLists.txt:
 *   KALAH61_DATA_FROM_BIN  the data folder relative to the binaries' folder
 *   KALAH61_DATA_DIR       the same, absolute, for the configured prefix
 *   KALAH61_BUILD_DIR      the build folder the commands are written to
 *   KALAH61_SOURCE_DATA    the source tree's programs/ */

const char *cli_data_path(const char *name, char *buf, size_t size)
{
    char exe[CLI_PATH_MAX];
    if (!cli_exe_dir(exe, sizeof exe)) {
        snprintf(buf, size, "%s/%s", KALAH61_DATA_DIR, name);
        return buf;
    }
    snprintf(buf, size, "%s/%s/%s", exe, KALAH61_DATA_FROM_BIN, name);
    struct stat st;
    if (stat(buf, &st) != 0 && cli_same_dir(exe, KALAH61_BUILD_DIR))
        snprintf(buf, size, "%s/%s", KALAH61_SOURCE_DATA, name);
    return buf;
}
