/*
 * xcheck_puluk_board.h: the Pulúk program's board as its registers hold
 * it (prefix xcheck_puluk_), found by what the program declares
 * (`.board game puluk...`, `.board cells`, `.board throw`: docs/asm.md,
 * "The board") and read as the core's position. The cross-check
 * (xcheck_puluk.h), `mk61 calc` and the window read it through here.
 *
 * The encoding (programs/puluk.md, "The registers"): the cells run from the
 * person's town to the calculator's. The first holds the person's pieces
 * at home, the last minus the calculator's; a strip between holds 0 when
 * empty, or +k when the person's piece tops a column of k pieces (the
 * calculator's k - 1 held under it) and -k when the calculator's does.
 * The throw register holds the throw of the side to move, positive for the
 * person's, negative for the calculator's, its size t or t + 0.5 (the
 * half marks keyed throws); 0 before the first throw.
 *
 * The core's position: White moves first, from square 0. When the person
 * moves first, the person is White and square s is cell s; otherwise the
 * board is the mirror (square s is cell strips + 1 - s, the colours
 * exchanged).
 *
 * Contract: no printing, no files; reading never changes the machine.
 */
#ifndef XCHECK_PULUK_BOARD_H
#define XCHECK_PULUK_BOARD_H

#include "puluk.h"
#include "vm.h"
#include "vm_decl.h"

#include <stdbool.h>
#include <stddef.h>

typedef struct xcheck_puluk_layout {
    puluk_rules rules;                    /* the declared game's */
    int ncells;                           /* strips + 2 */
    int cell[PULUK_MAX_STRIPS + 2];       /* cell k's register, k = 0 the person's town */
    int throw_reg;
} xcheck_puluk_layout;

/* Whether the program declares a Pulúk board (`.board game puluk...`). */
bool xcheck_puluk_declared(const vm_decl *decl);

/* The layout the program declares; false, with why, when it declares none
 * or one the core cannot play (a rules text it does not read, a count of
 * cells other than strips + 2, the author's release rule not kept, no
 * throw register). */
bool xcheck_puluk_layout_find(const vm_decl *decl, xcheck_puluk_layout *lay, char *why,
                              size_t size);

/* The square of the core's board that the program's cell k is, and back
 * (the same map both ways). */
int xcheck_puluk_square(const xcheck_puluk_layout *lay, bool person_white, int k);

/* The throw register as the program holds it: *t the throw 1..5 (0 none),
 * *person whether it is the person's (positive), *keyed whether it has
 * the half of keyed throws. False when it holds anything else. */
bool xcheck_puluk_throw(const vm_machine *m, const xcheck_puluk_layout *lay, int *t, bool *person,
                        bool *keyed);

/* Reads the board as the core's position, to_move the person's colour and
 * thrown the person's throw when the throw register holds one. False, with
 * why (a cell that is not a whole number of the encoding, more pieces than
 * the rules', a position the core refuses), when it cannot be read. */
bool xcheck_puluk_read(const vm_machine *m, const xcheck_puluk_layout *lay, bool person_white,
                       puluk_pos *out, char *why, size_t size);

/* The value the program keeps in cell k for the core's position p. */
int xcheck_puluk_cell(const xcheck_puluk_layout *lay, bool person_white, const puluk_pos *p,
                      int k);

#endif
