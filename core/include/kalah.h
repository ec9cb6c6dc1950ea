/*
 * kalah.h: the reference Kalah engine (prefix kalah_).
 *
 * Contract: nothing here prints, exits, allocates behind the caller's back or
 * touches files. Failures come back as a kalah_error value filled in by the
 * callee; the command's main() decides what to say and how to exit.
 */
#ifndef KALAH_H
#define KALAH_H

#include <stdbool.h>
#include <stdint.h>

#define KALAH_MAX_PITS 8    /* pits per side, m in Kalah(m, n) */
#define KALAH_MAX_STONES 12 /* stones per pit at the start, n */

/* Error as data: what went wrong and where (a column, or -1 when the error
 * has no position). message is a complete sentence without a newline. */
typedef enum kalah_status {
    KALAH_OK = 0,
    KALAH_EINVAL, /* a value out of range */
    KALAH_ESYNTAX /* text that does not parse */
} kalah_status;

typedef struct kalah_error {
    kalah_status code;
    int pos;
    char message[160];
} kalah_error;

/* A rule set is a value: Kalah(pits, stones) and its options. */
typedef struct kalah_rules {
    int pits;   /* 1..KALAH_MAX_PITS */
    int stones; /* 1..KALAH_MAX_STONES */
} kalah_rules;

/* Kalah(6,6), the board of seeds 000 and 003. */
kalah_rules kalah_rules_default(void);

/* KALAH_OK when r describes a playable game, else the reason in err. */
kalah_status kalah_rules_check(const kalah_rules *r, kalah_error *err);

/* A position. Side 0 is the first player ("south"), side 1 the second.
 * pit[s][i] is side s's pit i+1, counted from that player's left, so
 * pit[s][pits-1] is next to that player's store. */
typedef struct kalah_pos {
    uint8_t pit[2][KALAH_MAX_PITS];
    uint16_t store[2];
    uint8_t to_move; /* 0 or 1 */
} kalah_pos;

/* The start of a game under r (r must pass kalah_rules_check). */
kalah_pos kalah_start(const kalah_rules *r);

/* Stones on the board and in both stores: conserved by every move. */
int kalah_total_stones(const kalah_rules *r, const kalah_pos *p);

#endif
