/*
 * kalah: the reference Kalah engine in the terminal.
 *
 * Exit codes: 0 success, 1 a failure of the work asked for, 2 bad usage.
 */
#include "kalah_cli.h"

#include <string.h>

static const char usage[] =
    "Usage: kalah COMMAND [OPTIONS]\n"
    "\n"
    "The reference Kalah engine that checks every move of the MK-61 program.\n"
    "\n"
    "Commands:\n"
    "  play       a game in the terminal: human or computer on either side\n"
    "  show POS   draw a position and list its legal moves with the result of each\n"
    "  perft      count the move sequences of each length (a test oracle)\n"
    "\n"
    "Options:\n"
    "  -h, --help      show this help and exit\n"
    "  --version       show the version and exit\n"
    "\n"
    "Run 'kalah COMMAND --help' for the options of one command. The rules are\n"
    "described in docs/rules.md, the position notation in docs/notation.md.\n";

int main(int argc, char **argv)
{
    if (argc < 2) {
        fputs(usage, stderr);
        return CLI_USAGE;
    }
    const char *cmd = argv[1];
    if (strcmp(cmd, "-h") == 0 || strcmp(cmd, "--help") == 0) {
        fputs(usage, stdout);
        return CLI_OK;
    }
    if (strcmp(cmd, "--version") == 0) {
        printf("kalah (kalah61) %s\n", KALAH61_VERSION);
        return CLI_OK;
    }
    if (strcmp(cmd, "play") == 0)
        return cli_play(argc, argv);
    if (strcmp(cmd, "show") == 0)
        return cli_show(argc, argv);
    if (strcmp(cmd, "perft") == 0)
        return cli_perft(argc, argv);
    fprintf(stderr, "kalah: unknown command '%s' (see 'kalah --help')\n", cmd);
    return CLI_USAGE;
}
