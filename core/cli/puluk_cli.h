/* The puluk command's parts: what its subcommands share. */
#ifndef PULUK_CLI_H
#define PULUK_CLI_H

#include "cli_args.h"
#include "puluk.h"
#include "puluk_players.h"
#include "puluk_solve.h"

#include <stdbool.h>
#include <stdio.h>

/* Exit codes of every subcommand. */
enum { PULUK_CLI_OK = 0, PULUK_CLI_FAIL = 1, PULUK_CLI_USAGE = 2 };

/* Parses a whole number lo..hi for option name; reports and returns false
 * otherwise. */
bool puluk_cli_number(const cli_args *a, const char *name, const char *text, long long lo,
                      long long hi, long long *out);
/* --seed: 0..2^64-1. */
bool puluk_cli_seed(const cli_args *a, const char *text, uint64_t *out);

/* --rules R: reports a bad one with a caret. */
bool puluk_cli_rules(const cli_args *a, const char *text, puluk_rules *r);

/* Reports a parse error of text with a caret under the column. */
void puluk_cli_parse_error(const char *cmd, const char *text, const kalah_error *err);

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
/* $PULUK_TABLE_DIR/RULES.table, else $XDG_CACHE_HOME/kalah61/RULES.table,
 * else ~/.cache/kalah61/RULES.table; false without HOME. */
bool puluk_cli_table_path(const puluk_rules *r, char *buf, size_t size);
/* mkdir -p of the directory that holds path. */
bool puluk_cli_make_parent(const char *path);

/* Gives perfect players the table (loading or building it once); false
 * after a reported failure. */
bool puluk_cli_tables(const char *cmd, const puluk_rules *r, const char *path, bool quiet,
                      puluk_player *players, int n, puluk_table **table);

/* Wilson's 95% interval of k successes in n. */
void puluk_cli_wilson(int k, int n, double *lo, double *hi);

/* "0.25 s", "1 min 05 s" */
const char *puluk_cli_duration(double s, char *buf, size_t size);

int puluk_cli_play(int argc, char **argv);
int puluk_cli_show(int argc, char **argv);
int puluk_cli_perft(int argc, char **argv);
int puluk_cli_match(int argc, char **argv);
int puluk_cli_tournament(int argc, char **argv);
int puluk_cli_solve(int argc, char **argv);

#endif
