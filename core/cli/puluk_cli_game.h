/* A game of puluk play: its record, and its saved file, from which an
 * interrupted game is resumed (puluk_cli_game.c). */
#ifndef PULUK_CLI_GAME_H
#define PULUK_CLI_GAME_H

#include "puluk.h"

#include <stdbool.h>

/* One ply: the throw and the square the piece left. */
typedef struct puluk_ply {
    uint8_t thrown;
    int8_t from;
} puluk_ply;

typedef struct puluk_game {
    puluk_rules rules;
    puluk_pos start;
    puluk_pos pos;       /* after the plies; its throw is the mover's, when made */
    int n, cap;
    puluk_ply *ply;      /* allocated */
    char who[2][32];     /* White's and Black's: "human" or a player's name */
    bool typed;          /* every throw typed in (real kernels) */
    uint64_t rng_state;  /* the generator of the throws and the random player */
} puluk_game;

/* A new game at the start of r. */
void puluk_game_init(puluk_game *g, const puluk_rules *r);
void puluk_game_free(puluk_game *g);

/* Plays the move from with g->pos's throw and records the ply; false
 * (nothing changed) when it is illegal or there is no memory; err says
 * why. */
bool puluk_game_play(puluk_game *g, int from, puluk_move_info *info, kalah_error *err);

/* Goes back to the position before ply k (0..n), with that ply's throw made
 * again; the plies from k on are forgotten. */
void puluk_game_back(puluk_game *g, int k);

/* The mover of ply k. */
int puluk_game_mover(const puluk_game *g, int k);

/* The saved file: a checked text file of kalah_file.h, kind puluk61-game,
 * version 1, whose body is the lines "rules R", "white W", "black B",
 * "throws random|typed", "rng N", "start POS", one "ply THROW MOVE" a ply,
 * and "thrown T" when the side to move has thrown. Written whole or not at
 * all; err gets why not. */
bool puluk_game_save(const puluk_game *g, const char *path, char *err, size_t size);
/* Reads and checks a saved game, replaying its plies. *g must be
 * initialised; it is replaced on success and left alone on failure. A
 * missing file gives false with *missing set. */
bool puluk_game_load(puluk_game *g, const char *path, bool *missing, char *err, size_t size);

#endif
