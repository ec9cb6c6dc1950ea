/* The files of kalah match and kalah tournament (written whole by
 * cli_out, cli_io.h): CSV fields, and the tournament's cross table as CSV
 * and SVG. */
#ifndef KALAH_CLI_REPORT_H
#define KALAH_CLI_REPORT_H

#include "kalah.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

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
