/* A finished Pulúk tournament (puluk_cli_match.c), printed and drawn
 * (puluk_cli_tour.c). */
#ifndef PULUK_CLI_TOUR_H
#define PULUK_CLI_TOUR_H

#include "puluk.h"

#include <stdio.h>

#define PULUK_TOUR_MAX 12

/* The games of two players in one seat: a is the player named first. */
typedef struct puluk_seat {
    int games, wins_a, wins_b, unfinished;
} puluk_seat;

typedef struct puluk_tour {
    int n, games;
    uint64_t seed;
    puluk_rules rules;
    char names[PULUK_TOUR_MAX][32];
    /* cell[i][j]: player i first (White) against player j; wins_a are i's. */
    puluk_seat cell[PULUK_TOUR_MAX][PULUK_TOUR_MAX];
    double solved;   /* the first player's chance under perfect play, or -1 */
    long long plies;
    double seconds;
} puluk_tour;

/* Player i's wins and games as first (seat 0), as second (1), in all (2). */
void puluk_tour_rate(const puluk_tour *t, int i, int seat, int *wins, int *games);

void puluk_tour_print(FILE *f, const puluk_tour *t);
/* The cross table as a heat map, and each player's rates as first and as
 * second with their intervals, as a self-contained SVG. */
void puluk_tour_svg(FILE *f, const puluk_tour *t);

#endif
