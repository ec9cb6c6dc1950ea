/* mk61 crosscheck of a Pulúk program (mk61_cli_xcheck_puluk.c): the Kalah
 * cross-check's command hands over when --program declares a Pulúk board. */
#ifndef MK61_CLI_XCHECK_PULUK_H
#define MK61_CLI_XCHECK_PULUK_H

#include <stdbool.h>

/* Whether the command line's --program declares a Pulúk board. */
bool cli_crosscheck_is_puluk(int argc, char **argv);

/* mk61 crosscheck for such a program: its own options and usage. */
int cli_crosscheck_puluk(int argc, char **argv);

#endif
