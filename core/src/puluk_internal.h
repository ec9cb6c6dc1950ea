/* Shared inside the Pulúk modules only; not part of the library's interface. */
#ifndef PULUK_INTERNAL_H
#define PULUK_INTERNAL_H

#include "puluk.h"

/* RULES at the start of text, up to the end, ':' or a space; *used gets the
 * characters taken; error columns count from 1 at text. */
kalah_status puluk_rules_parse_prefix(const char *text, puluk_rules *r, int *used,
                                      kalah_error *err);

/* The pieces of colour 1 (Black) among the low n bits of bits. */
static inline int puluk_blacks(unsigned bits, int n)
{
    return __builtin_popcount(bits & ((1u << n) - 1u));
}

/* The pieces of side among the low n bits of a column's bits. */
static inline int puluk_of_side(unsigned bits, int n, int side)
{
    int b = puluk_blacks(bits, n);
    return side == PULUK_BLACK ? b : n - b;
}

/* Where a piece of side leaving square from with throw t lands: a strip,
 * or the far town (it needs no exact throw). */
static inline int puluk_dest(const puluk_rules *r, int side, int from, int t)
{
    if (side == PULUK_WHITE)
        return from + t > r->strips ? r->strips + 1 : from + t;
    return from - t < 1 ? 0 : from - t;
}

/* The pieces that move when the top of strip s moves: the whole column
 * under the English rules, else the top and the other side's pieces right
 * under it (its prisoners). */
int puluk_unit_height(const puluk_rules *r, const puluk_pos *p, int s);

/* Whether from is a legal move of the side to move with its throw. */
bool puluk_legal(const puluk_rules *r, const puluk_pos *p, int from);

/* Plays the legal move from with p's throw (docs/puluk.md). info may be
 * NULL. */
void puluk_apply(const puluk_rules *r, puluk_pos *p, int from, puluk_move_info *info);

#endif
