/*
 * mk61_cli_data.h: where the commands find the project's data files (the
 * Kalah program), relative to the running executable, so that an installed
 * tree works wherever it is put (prefix cli_).
 */
#ifndef MK61_CLI_DATA_H
#define MK61_CLI_DATA_H

#include <stddef.h>

/* The path of the data file NAME (e.g. "kalah.mk61") for the running
 * program, written into buf (size bytes) and returned:
 *   1. BIN/KALAH61_DATA_FROM_BIN/NAME, where BIN is the folder of
 *      /proc/self/exe (installed: BIN/../share/kalah61/NAME), if it exists;
 *   2. else, only for an executable that sits in the build folder it was
 *      built in, the source tree's programs/NAME;
 *   3. else the path of 1, so that the caller's "cannot open" names where
 *      an installed file belongs.
 * Without /proc/self/exe, the configured install folder stands for BIN's.
 * Opens no file (it reads the link and looks paths up with stat); prints
 * nothing. The commands give it CLI_PATH_MAX bytes (a longer path is cut
 * short, as by snprintf, and then not found). */
#define CLI_PATH_MAX 4096
const char *cli_data_path(const char *name, char *buf, size_t size);

#endif
