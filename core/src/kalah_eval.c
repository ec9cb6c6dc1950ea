/* The evaluation functions of seed 000 (docs/search.md). */
#include "kalah_search.h"

/* Stones sown into own and opponent's pits by a move from pit i of side s
 * (the ring of kalah_move.c: own pits 0..m-1, own store m, opponent's pits
 * m+1..2m; the opponent's store is skipped). */
static int pit_activity(const kalah_rules *r, int i, int stones)
{
    const int m = r->pits, cells = 2 * m + 1;
    int own = 0, opp = 0;
    for (int j = i, k = 0; k < stones; k++) {
        if (++j == cells)
            j = 0;
        own += j < m;
        opp += j > m;
    }
    return own - opp;
}

int kalah_activity(const kalah_rules *r, const kalah_pos *p, int side)
{
    int d = 7;
    for (int i = 0; i < r->pits; i++)
        if (p->pit[side][i])
            d += pit_activity(r, i, p->pit[side][i]);
    return d < 1 ? 1 : d;
}

/* Tseitin's term for one side: K + 17.3/(H - K) - 40/D, with H = half of all
 * stones plus one (37 in Kalah(6,6)) and H - K kept at 1 or more. */
static double tseitin(const kalah_rules *r, const kalah_pos *p, int side)
{
    double h = kalah_rules_total(r) / 2 + 1, k = p->store[side];
    double gap = h - k < 1 ? 1 : h - k;
    return k + 17.3 / gap - 40.0 / kalah_activity(r, p, side);
}

double kalah_eval(const kalah_rules *r, const kalah_pos *p, int side, kalah_eval_id e)
{
    const int other = side ^ 1;
    const int stores = p->store[side] - p->store[other];
    switch (e) {
    case KALAH_E1:
        return stores;
    case KALAH_E2:
        return stores * 100.0 + kalah_side_stones(r, p, side) - kalah_side_stones(r, p, other);
    case KALAH_E3:
        return tseitin(r, p, side) - tseitin(r, p, other) + (p->to_move == side ? 1.72 : -1.72);
    }
    return 0;
}

double kalah_value(const kalah_rules *r, const kalah_pos *p, int side, kalah_eval_id e)
{
    if (kalah_over(r, p)) {
        int margin = kalah_margin(r, p);
        return (side == KALAH_SOUTH ? margin : -margin) * KALAH_TERMINAL;
    }
    return kalah_eval(r, p, side, e);
}
