/*
 * xcheck_board.h: the Kalah program's board as its registers hold it
 * (prefix xcheck_). Part of the cross-check library; the watcher
 * (xcheck.h), the search tracker (xcheck_tree.h) and the front ends read
 * the board through it, and it depends on neither.
 *
 * The program's protocol (programs/kalah.md): the registers named P1..P6,
 * PK, C1..C6, CK, STATE and LAST hold the board, the stores, the state (0
 * waiting for the person, 1 over, 2 the start-up refused) and the
 * calculator's moves of its last turn as digits. Every pit is numbered as
 * the person sees it, from the person's left: P1..P6 are the person's pits
 * 1..6, C1..C6 the calculator's row across the board from the person's
 * left, so that Ci faces Pi and the calculator's own pit k (the core's
 * numbering) is C(7-k); LAST's digits are pits in that numbering. X at
 * every stop is a sign of the state (XCHECK_SIGN_*).
 *
 * Contract: no printing, no files; reading never changes the machine.
 */
#ifndef XCHECK_BOARD_H
#define XCHECK_BOARD_H

#include "kalah.h"
#include "vm.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Pits a side on the program's board (P1..P6, C1..C6): the branching of
 * its search too. */
#define XCHECK_PITS 6

/* What the program plays: n stones a pit (0 at the start-up: 6) and depth
 * d (0: 2), searched by minimax, or by alpha-beta when the depth key is
 * XCHECK_KEY_AB + d (10: depth 2); a start-up outside these, or w other
 * than 0 and 1, or a number that is not whole, is refused. */
#define XCHECK_STONES_MAX 6
#define XCHECK_DEPTH_MAX 3
#define XCHECK_KEY_AB 10
#define XCHECK_STONES_DEFAULT 6
#define XCHECK_DEPTH_DEFAULT 2

/* The signs X shows at a stop (programs/kalah.md, "The display"). */
#define XCHECK_SIGN_REFUSED (-1)  /* the person's input was refused */
#define XCHECK_SIGN_NO_GAME (-2)  /* the start-up was refused */
#define XCHECK_SIGN_NEW 900       /* + 10 n + d: a new game, the person's move */
#define XCHECK_SIGN_NEW_AB 9010   /* + 100 n + d: the same, searched by alpha-beta */
#define XCHECK_SIGN_OVER 800      /* 800 + m, or -(800 - m) when m < 0: the game is
                                     over, m the calculator's final margin */

/* What STATE holds. */
enum { XCHECK_STATE_ON = 0, XCHECK_STATE_OVER = 1, XCHECK_STATE_NO_GAME = 2 };

/* LAST and the display hold the first 8 moves of a longer turn. */
#define XCHECK_LAST_MAX 8

/* The room for a report of the cross-check library (xcheck, xcheck_tree). */
#define XCHECK_REPORT_MAX 4096

/* The pit as the person sees it (from the person's left) of the
 * calculator's own pit k (the core's numbering), and back: 7 - k. */
int xcheck_calc_seen(int k);

/* Each pit has two names where the calculator is involved: the program's
 * (P1..P6, C1..C6 from the person's left) and the core's (S1..S6, N1..N6,
 * each side's from its own left; docs/notation.md, "The calculator's
 * pits"). A game or position is always written in the core's notation, so
 * that `kalah show` and `kalah analyze` read it as the same position; the
 * calculator's pits are named with both names beside it.
 *
 * The key of a game line: "you S, C1..C6 = N6..N1" (the person first) or
 * "you N, C1..C6 = S6..S1". */
const char *xcheck_pit_key(bool person_first, char *buf, size_t size);
/* The calculator's own pit k (the core's numbering, its side calc_side)
 * by both names: "C2 = N5". */
const char *xcheck_calc_pit(int k, int calc_side, char *buf, size_t size);

/* The sign of a game over: the calculator's margin m. */
int xcheck_sign_over(int margin);

/* Where the program keeps what the cross-check reads: register numbers.
 * calc[k - 1] is the calculator's own pit k (the core's numbering), the
 * register named C(7 - k). */
typedef struct xcheck_layout {
    int person[XCHECK_PITS], person_store, calc[XCHECK_PITS], calc_store, state, last;
} xcheck_layout;

/* Finds the layout in a program's register names (reg_name[r]: the name
 * `.name` gave register r, "" none; vm_decl.reg_name); false, with why,
 * when a name is missing. */
bool xcheck_layout_find(const char (*reg_name)[VM_LABEL_MAX], xcheck_layout *lay, char *why,
                        size_t size);

/* A count of stones in register reg: 0..254; -1 when it holds anything
 * else (a fraction, a negative number, hex digits, 255 or more). */
int xcheck_count(const vm_machine *m, int reg);

/* Reads the board the program holds, in the core's orientation and
 * numbering, the person being South when person_first (a register that
 * is not a count reads as 255); to_move is the person's side. */
kalah_pos xcheck_read_board(const vm_machine *m, const xcheck_layout *lay, bool person_first);

#endif
