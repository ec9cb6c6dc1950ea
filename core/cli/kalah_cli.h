/* The kalah command's parts: shared helpers of its subcommands. */
#ifndef KALAH_CLI_H
#define KALAH_CLI_H

#include "kalah.h"

#include <stdbool.h>
#include <stdio.h>

/* Exit codes of every subcommand. */
enum { CLI_OK = 0, CLI_FAIL = 1, CLI_USAGE = 2 };

/* Reading options: "--name VALUE" or "--name=VALUE". */
typedef struct cli_args {
    int argc, i;
    char **argv;
    const char *cmd; /* for messages: "kalah play" */
} cli_args;

/* True when argv[i] is the option name; *value gets its value (from "=" or
 * the next argument; a missing value is reported and sets *bad). */
bool cli_opt(cli_args *a, const char *name, const char **value, bool *bad);
bool cli_flag(cli_args *a, const char *name);
bool cli_help(cli_args *a);
/* Parses a whole number in lo..hi for option name; reports and returns
 * false otherwise. */
bool cli_int(const cli_args *a, const char *name, const char *text, int lo, int hi, int *out);
int cli_unknown(const cli_args *a);

/* The rules options shared by play and perft: --rules R, --pits M,
 * --stones N. Returns true when argv[a->i] was one of them (consumed);
 * *bad is set on a reported error. */
bool cli_rules_opt(cli_args *a, kalah_rules *r, bool *bad);
/* Checks the assembled rules; reports and returns false when invalid. */
bool cli_rules_final(const cli_args *a, const kalah_rules *r);

/* Reports a parse error of text with a caret under the column. */
void cli_parse_error(const char *cmd, const char *text, const kalah_error *err);

/* Draws the board, the side to move and its legal moves. */
void cli_draw(FILE *out, const kalah_rules *r, const kalah_pos *p);
/* One line saying how the game ended. */
void cli_result(FILE *out, const kalah_rules *r, const kalah_pos *p);
/* "extra turn", "captures 5", ... of a move, or "" */
const char *cli_move_note(const kalah_move_info *info, char *buf, size_t size);

int cli_play(int argc, char **argv);
int cli_show(int argc, char **argv);
int cli_perft(int argc, char **argv);
int cli_analyze(int argc, char **argv);
int cli_nodes(int argc, char **argv);
int cli_match(int argc, char **argv);
int cli_tournament(int argc, char **argv);

#endif
