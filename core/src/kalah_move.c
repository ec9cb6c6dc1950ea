/* Sowing, captures, relays and the end of the game: the rules themselves. */
#include "kalah_internal.h"

#include <string.h>

kalah_pos kalah_start(const kalah_rules *r)
{
    kalah_pos p;
    memset(&p, 0, sizeof p);
    for (int s = 0; s < 2; s++)
        for (int i = 0; i < r->pits; i++)
            p.pit[s][i] = (uint16_t)r->stones;
    return p;
}

int kalah_side_stones(const kalah_rules *r, const kalah_pos *p, int side)
{
    int n = 0;
    for (int i = 0; i < r->pits; i++)
        n += p->pit[side][i];
    return n;
}

/* The same position seen from the other side: the rows and stores change
 * places, and so does the side to move. */
kalah_pos kalah_pos_rotate(const kalah_pos *p)
{
    kalah_pos q = *p;
    memcpy(q.pit[0], p->pit[1], sizeof q.pit[0]);
    memcpy(q.pit[1], p->pit[0], sizeof q.pit[1]);
    q.store[0] = p->store[1];
    q.store[1] = p->store[0];
    q.to_move = (uint16_t)(p->to_move ^ 1);
    return q;
}

int kalah_total_stones(const kalah_rules *r, const kalah_pos *p)
{
    return p->store[0] + p->store[1] + kalah_side_stones(r, p, 0) +
           kalah_side_stones(r, p, 1);
}

int kalah_decided(const kalah_rules *r, const kalah_pos *p)
{
    int total = kalah_rules_total(r);
    for (int s = 0; s < 2; s++)
        if (2 * p->store[s] > total)
            return s;
    return -1;
}

/* Whether the game is over because a side is empty (by r's end rule). */
static bool over_by_emptiness(const kalah_rules *r, const kalah_pos *p)
{
    if (r->end == KALAH_END_EITHER_EMPTY)
        return kalah_side_stones(r, p, 0) == 0 || kalah_side_stones(r, p, 1) == 0;
    return kalah_side_stones(r, p, p->to_move) == 0;
}

bool kalah_over(const kalah_rules *r, const kalah_pos *p)
{
    return over_by_emptiness(r, p) || (r->stop_when_decided && kalah_decided(r, p) >= 0);
}

int kalah_margin(const kalah_rules *r, const kalah_pos *p)
{
    int m = p->store[0] - p->store[1];
    if (over_by_emptiness(r, p))
        m += kalah_side_stones(r, p, 0) - kalah_side_stones(r, p, 1);
    return m;
}

/* Each side's remaining stones go to its own store. */
static void sweep(const kalah_rules *r, kalah_pos *p)
{
    for (int s = 0; s < 2; s++) {
        p->store[s] = (uint16_t)(p->store[s] + kalah_side_stones(r, p, s));
        memset(p->pit[s], 0, sizeof p->pit[s]);
    }
}

/*
 * The move, on the board seen from the mover, a ring of 2m+2 cells:
 *   ring[0..m-1]   the mover's pits 1..m
 *   ring[m]        the mover's store
 *   ring[m+1..2m]  the opponent's pits 1..m
 *   ring[2m+1]     the opponent's store, never sown into
 * Sowing steps j -> (j+1) mod (2m+1), which skips the opponent's store and
 * passes over the starting pit on a lap. The pit opposite ring[j] (j < m) is
 * ring[2m-j].
 */
void kalah_apply(const kalah_rules *r, kalah_pos *p, int i, kalah_move_info *info)
{
    const int m = r->pits, cells = 2 * m + 1;
    const int me = p->to_move, op = me ^ 1;
    int ring[2 * KALAH_MAX_PITS + 2];
    for (int k = 0; k < m; k++) {
        ring[k] = p->pit[me][k];
        ring[m + 1 + k] = p->pit[op][k];
    }
    ring[m] = p->store[me];
    ring[2 * m + 1] = p->store[op];
    kalah_move_info done = {0};

    int j = i;
    for (;;) {
        int stones = ring[j];
        bool reached_opponent = false;
        ring[j] = 0;
        while (stones-- > 0) {
            if (++j == cells) /* no division: this is most of the search's time */
                j = 0;
            ring[j]++;
            reached_opponent |= j > m;
        }
        /* Relay (seed 001): the last stone in an own pit that was not empty,
         * after a sowing that reached the opponent's pits: sow on from there.
         * Ends: such a sowing passed the mover's store, so every relay adds a
         * stone to it. */
        if (r->variant == KALAH_RELAY && j < m && ring[j] > 1 && reached_opponent) {
            done.relays++;
            continue;
        }
        break;
    }

    bool extra = false;
    if (r->variant == KALAH_STANDARD) {
        if (j == m) {
            extra = true; /* last stone in the own store */
        } else if (j < m && ring[j] == 1 && (ring[2 * m - j] > 0 || r->empty_capture)) {
            /* Last stone in an own empty pit: it and the opposite pit's
             * stones go to the store (the lone stone too, with empty
             * capture). */
            done.captured = ring[2 * m - j] + 1;
            ring[m] += done.captured;
            ring[2 * m - j] = 0;
            ring[j] = 0;
        }
    } else {
        /* Relay: the opponent's pit that the last stone made 2 or 3, and
         * each pit before it on the opponent's side that holds 2 or 3. */
        while (j > m && (ring[j] == 2 || ring[j] == 3)) {
            done.captured += ring[j];
            ring[m] += ring[j];
            ring[j--] = 0;
        }
    }

    for (int k = 0; k < m; k++) {
        p->pit[me][k] = (uint16_t)ring[k];
        p->pit[op][k] = (uint16_t)ring[m + 1 + k];
    }
    p->store[me] = (uint16_t)ring[m];
    p->store[op] = (uint16_t)ring[2 * m + 1];
    p->to_move = (uint16_t)(extra ? me : op);

    if (over_by_emptiness(r, p)) {
        sweep(r, p); /* with the mover-empty rule, only the other side has any */
        done.ended = true;
    } else if (r->stop_when_decided && kalah_decided(r, p) >= 0) {
        done.ended = true;
    }
    done.extra_turn = extra && !done.ended;
    if (info)
        *info = done;
}

int kalah_moves(const kalah_rules *r, const kalah_pos *p, int moves[KALAH_MAX_PITS])
{
    if (kalah_over(r, p))
        return 0;
    int n = 0;
    for (int i = 0; i < r->pits; i++)
        if (p->pit[p->to_move][i] > 0)
            moves[n++] = i + 1;
    return n;
}

kalah_status kalah_play(const kalah_rules *r, kalah_pos *p, int pit,
                        kalah_move_info *info, kalah_error *err)
{
    if (kalah_over(r, p))
        return kalah_fail(err, KALAH_EILLEGAL, 0, "the game is over");
    if (pit < 1 || pit > r->pits)
        return kalah_fail(err, KALAH_EILLEGAL, 0, "there is no pit %d: pits are 1..%d", pit,
                          r->pits);
    if (p->pit[p->to_move][pit - 1] == 0)
        return kalah_fail(err, KALAH_EILLEGAL, 0, "pit %d is empty", pit);
    kalah_apply(r, p, pit - 1, info);
    return KALAH_OK;
}

uint64_t kalah_perft(const kalah_rules *r, const kalah_pos *p, int depth)
{
    if (depth <= 0)
        return 1;
    int moves[KALAH_MAX_PITS];
    int n = kalah_moves(r, p, moves);
    if (depth == 1)
        return (uint64_t)n;
    uint64_t total = 0;
    for (int k = 0; k < n; k++) {
        kalah_pos next = *p;
        kalah_apply(r, &next, moves[k] - 1, NULL);
        total += kalah_perft(r, &next, depth - 1);
    }
    return total;
}
