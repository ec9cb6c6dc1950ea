/*
 * puluk: Pulúk, seed 004's board game, in the terminal.
 *
 * Exit codes: 0 success, 1 a failure of the work asked for, 2 bad usage.
 */
#include "puluk_cli.h"


static const char usage[] =
    "Usage: puluk COMMAND [OPTIONS]\n"
    "\n"
    "Pulúk, the board game of the Indians of Central America that seed 004's\n"
    "author made for Android: a board of 11 strips, the first and the last the\n"
    "players' towns, five pieces a side, a throw of four maize kernels, and\n"
    "columns of prisoners. With the seed's three computer players, named after\n"
    "gods, and the game solved exactly.\n"
    "\n"
    "Commands:\n"
    "  play        a game in the terminal against a computer player (or two\n"
    "              people at one terminal); throws random or typed in\n"
    "  show POS    draw a position and list its moves with what each does\n"
    "  perft       count the move sequences and positions of each length\n"
    "  match A B   games between two computer players, with statistics\n"
    "  tournament  every player against every other, first and second: win\n"
    "              rates with 95% intervals, as text and SVG\n"
    "  solve       the game solved: the first player's chance to win\n"
    "\n"
    "Options:\n"
    "  -h, --help      show this help and exit\n"
    "  --version       show the version and exit\n"
    "\n"
    "Players: random, quetzalcoatl, camaxtli, centeotl (the seed's gods),\n"
    "expectimax-N (a search of N plies, 1..6), perfect (the solved table).\n"
    "Run 'puluk COMMAND --help' for the options of one command. The rules, the\n"
    "notation and the players are described in puluk.md.\n";

int main(int argc, char **argv)
{
    static const cli_command commands[] = {
        {"play", puluk_cli_play},   {"show", puluk_cli_show},
        {"perft", puluk_cli_perft}, {"match", puluk_cli_match},
        {"tournament", puluk_cli_tournament}, {"solve", puluk_cli_solve}};
    return cli_main("puluk", usage, commands, sizeof commands / sizeof commands[0], argc, argv);
}
