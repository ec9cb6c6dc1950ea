/* The puluk command's parts: what its subcommands share. */
#ifndef PULUK_CLI_H
#define PULUK_CLI_H

#include "cli_args.h"
#include "cli_io.h"
#include "puluk.h"
#include "puluk_players.h"
#include "puluk_solve.h"

#include <stdbool.h>
#include <stdio.h>

/* --rules R: reports a bad one with a caret. */
bool puluk_cli_rules(const cli_args *a, const char *text, puluk_rules *r);

/* A player's name: reports an unknown one with the list; false then. */
bool puluk_cli_player(const char *cmd, const char *text, puluk_player *out);

/* "White" or "Black". */
const char *puluk_cli_side(int side);

/* Draws the board: towns at the ends, each strip's column under its
 * number, the side to move and its throw. */
void puluk_cli_draw(FILE *out, const puluk_rules *r, const puluk_pos *p);
/* The line under the board: who is to move, the throw and the moves, or
 * the end. */
void puluk_cli_status(FILE *out, const puluk_rules *r, const puluk_pos *p);
/* ", takes 1, frees 1", ", kills 2, home again", ", wins": what a move did,
 * each part after ", ". */
const char *puluk_cli_note(const puluk_move_info *mi, char *buf, size_t size);

/* The table of the perfect player for r: read from path (NULL: the
 * default place, puluk_cli_table_path) or, when there is none there,
 * built (with a progress line on a terminal) and saved there. Reports a
 * failure and returns NULL. */
puluk_table *puluk_cli_table(const char *cmd, const puluk_rules *r, const char *path, bool quiet);
/* RULES.table where the commands keep files (cli_keep_path),
 * $PULUK_TABLE_DIR first; false without HOME. */
bool puluk_cli_table_path(const puluk_rules *r, char *buf, size_t size);

/* Gives perfect players the table (loading or building it once); false
 * after a reported failure. */
bool puluk_cli_tables(const char *cmd, const puluk_rules *r, const char *path, bool quiet,
                      puluk_player *players, int n, puluk_table **table);

/* Wilson's 95% interval of k successes in n. */
void puluk_cli_wilson(int k, int n, double *lo, double *hi);

int puluk_cli_play(int argc, char **argv);
int puluk_cli_show(int argc, char **argv);
int puluk_cli_perft(int argc, char **argv);
int puluk_cli_match(int argc, char **argv);
int puluk_cli_tournament(int argc, char **argv);
int puluk_cli_solve(int argc, char **argv);

#endif
