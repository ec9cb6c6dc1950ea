/* The files of kalah match and kalah tournament: written whole or not at all
 * (kalah_cli_report.c), and the tournament's cross table as CSV and SVG. */
#ifndef KALAH_CLI_REPORT_H
#define KALAH_CLI_REPORT_H

#include "kalah.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* An output file written into a temporary file beside it (same directory,
 * so the rename is atomic) and renamed into place by out_commit: a crash or
 * an interrupt never leaves half a file under the name asked for. A symbolic
 * link is followed (the file it names is replaced); a name that is not a
 * regular file (/dev/stdout, a pipe) is written directly. */
typedef struct out_file {
    const char *path; /* the name asked for, for messages */
    char *target;     /* where the file goes: path, links resolved; allocated */
    char *tmp;        /* the temporary file, allocated; NULL when direct */
    FILE *f;          /* write here */
} out_file;

/* Creates the temporary file; reports why not (as cmd) and returns false.
 * An interrupt (SIGINT, SIGTERM, SIGHUP) removes every open temporary file. */
bool out_open(out_file *o, const char *cmd, const char *path);
/* Flushes, syncs and renames into place; reports a failure (as cmd), removes
 * the temporary file and returns false. Either way o is closed. */
bool out_commit(out_file *o, const char *cmd);
/* Closes and removes the temporary file (nothing is written). */
void out_abort(out_file *o);

/* Writes one CSV field: quoted when it holds a comma, a quote or a line
 * break, with quotes doubled. */
void csv_field(FILE *f, const char *text);

/* One player's result against another: wins, draws, losses. */
typedef struct tour_cell {
    int wins, draws, losses;
} tour_cell;

/* A finished round robin. */
typedef struct tour_table {
    int n;                   /* players */
    char **names;            /* as given on the command line */
    char (*desc)[64];        /* kalah_player_format */
    kalah_rules rules;
    int games;               /* games per pair */
    int opening;             /* random plies before each pair */
    uint64_t seed;
    tour_cell *cell;         /* cell[i*n+j]: player i against player j */
    int *order;              /* the ranking: player indices, best first */
    int *rank;               /* rank[i]: player i's place, 1-based, shared by ties */
} tour_table;

/* Player i's wins, draws and losses against everyone. */
tour_cell tour_total(const tour_table *t, int i);
/* Player i's points (win 1, draw 1/2) and games against everyone. */
double tour_points(const tour_table *t, int i, int *games);
/* Row player's score against the column player in percent, or -1 for i == j. */
double tour_score(const tour_table *t, int i, int j);

/* The cross table as CSV: a header line, then one line per player in the
 * order of the command line. */
void tour_write_csv(FILE *f, const tour_table *t);
/* The cross table as a self-contained SVG heat map. */
void tour_write_svg(FILE *f, const tour_table *t);

#endif
