/* The solver's dense index of Pulúk's positions under the author's rule,
 * and its moves on that form (puluk_solve_internal.h). A position's index
 * counts the positions before it: first by the pieces on the board (a of
 * the mover's, b of the other side's), then by its board in the order of
 * the strips' codes, then by its homes. */
#include "puluk_solve_internal.h"
#include "puluk_internal.h"

#include <string.h>

void puluk_ix_init(puluk_ix *ix, const puluk_rules *r)
{
    memset(ix, 0, sizeof *ix);
    int S = r->strips, P = r->pieces;
    /* The rules were checked (1..PULUK_MAX_STRIPS, 1..PULUK_MAX_PIECES):
     * said again for the optimiser, which otherwise sees the tables
     * overrun. */
    if (S < 1 || S > PULUK_MAX_STRIPS || P < 1 || P > PULUK_MAX_PIECES)
        return;
    ix->strips = S;
    ix->pieces = P;
    ix->codes = 2 * P + 3;
    for (int k = 0; k <= P; k++) {
        ix->use[1 + k][0] = 1;
        ix->use[1 + k][1] = (uint8_t)k;
        ix->use[2 + P + k][0] = (uint8_t)k;
        ix->use[2 + P + k][1] = 1;
    }
    ix->cnt[0][0][0] = 1;
    for (int n = 1; n <= S; n++)
        for (int a = 0; a <= P; a++)
            for (int b = 0; b <= P; b++)
                for (int c = 0; c < ix->codes; c++) {
                    int ua = ix->use[c][0], ub = ix->use[c][1];
                    if (ua <= a && ub <= b)
                        ix->cnt[n][a][b] += ix->cnt[n - 1][a - ua][b - ub];
                }
    for (int n = 0; n < S; n++)
        for (int a = 0; a <= P; a++)
            for (int b = 0; b <= P; b++) {
                uint64_t sum = 0;
                for (int c = 0; c < ix->codes; c++) {
                    ix->before[n][a][b][c] = sum;
                    int ua = ix->use[c][0], ub = ix->use[c][1];
                    if (ua <= a && ub <= b)
                        sum += ix->cnt[n][a - ua][b - ub];
                }
                ix->before[n][a][b][ix->codes] = sum;
            }
    uint64_t at = 0;
    for (int a = 0; a <= P; a++)
        for (int b = 0; b <= P; b++) {
            ix->base[a][b] = at;
            at += ix->cnt[S][a][b] * (uint64_t)(P + 1 - a) * (uint64_t)(P + 1 - b);
        }
    ix->size = at;
}

uint64_t puluk_ix_rank(const puluk_ix *ix, const puluk_ix_pos *q)
{
    int S = ix->strips, P = ix->pieces, a = 0, b = 0;
    for (int i = 0; i < S; i++) {
        a += ix->use[q->code[i]][0];
        b += ix->use[q->code[i]][1];
    }
    uint64_t rank = 0;
    int ra = a, rb = b;
    for (int i = 0; i < S; i++) {
        int c = q->code[i];
        rank += ix->before[S - 1 - i][ra][rb][c];
        ra -= ix->use[c][0];
        rb -= ix->use[c][1];
    }
    uint64_t w = (uint64_t)(P + 1 - b);
    return ix->base[a][b] + rank * (uint64_t)(P + 1 - a) * w + q->home[0] * w + q->home[1];
}

void puluk_ix_board(const puluk_ix *ix, int a, int b, uint64_t k, puluk_ix_pos *q)
{
    int S = ix->strips, ra = a, rb = b;
    for (int i = 0; i < S; i++) {
        const uint64_t *bf = ix->before[S - 1 - i][ra][rb];
        int c = 0;
        while (bf[c + 1] <= k)
            c++;
        k -= bf[c];
        q->code[i] = (uint8_t)c;
        ra -= ix->use[c][0];
        rb -= ix->use[c][1];
    }
    for (int i = S; i < PULUK_MAX_STRIPS; i++)
        q->code[i] = 0;
    q->home[0] = q->home[1] = 0;
}

void puluk_ix_unrank(const puluk_ix *ix, uint64_t index, puluk_ix_pos *q)
{
    int P = ix->pieces, a = 0, b = 0;
    /* The group: the last base at or below index (empty groups share it). */
    for (int ga = 0; ga <= P; ga++)
        for (int gb = 0; gb <= P; gb++)
            if (ix->cnt[ix->strips][ga][gb] && ix->base[ga][gb] <= index) {
                a = ga;
                b = gb;
            }
    uint64_t w = (uint64_t)(P + 1 - b), homes = (uint64_t)(P + 1 - a) * w,
             k = index - ix->base[a][b];
    puluk_ix_board(ix, a, b, k / homes, q);
    k %= homes;
    q->home[0] = (uint8_t)(k / w);
    q->home[1] = (uint8_t)(k % w);
}

void puluk_ix_from_pos(const puluk_ix *ix, const puluk_pos *p, puluk_ix_pos *q)
{
    int S = ix->strips, P = ix->pieces, me = p->to_move;
    memset(q, 0, sizeof *q);
    for (int i = 0; i < S; i++) {
        int s = me == PULUK_WHITE ? 1 + i : S - i, h = p->height[s];
        if (h == 0)
            continue;
        int top = (int)(p->stack[s] & 1u);
        q->code[i] = (uint8_t)(top == me ? 1 + (h - 1) : 2 + P + (h - 1));
    }
    q->home[0] = p->town[me];
    q->home[1] = p->town[1 - me];
}

puluk_pos puluk_ix_to_pos(const puluk_ix *ix, const puluk_ix_pos *q)
{
    int S = ix->strips, P = ix->pieces;
    puluk_pos p;
    memset(&p, 0, sizeof p);
    for (int i = 0; i < S; i++) {
        int c = q->code[i], s = 1 + i;
        if (c == 0)
            continue;
        bool mine = c <= 1 + P;
        int k = mine ? c - 1 : c - 2 - P;
        /* White is the mover: a black top has k white pieces under it. */
        p.height[s] = (uint8_t)(1 + k);
        p.stack[s] = (uint16_t)(mine ? ((1u << (1 + k)) - 2u) : 1u);
    }
    p.town[PULUK_WHITE] = q->home[0];
    p.town[PULUK_BLACK] = q->home[1];
    return p;
}

int puluk_ix_free(const puluk_ix *ix, const puluk_ix_pos *q, int side)
{
    int P = ix->pieces, n = q->home[side];
    for (int i = 0; i < ix->strips; i++) {
        int c = q->code[i];
        n += side == 0 ? (c >= 1 && c <= 1 + P) : c >= 2 + P;
    }
    return n;
}

/* The same position from the other side: strips reversed, codes swapped. */
static void flip(const puluk_ix *ix, const puluk_ix_pos *q, puluk_ix_pos *out)
{
    int S = ix->strips, P = ix->pieces;
    for (int i = 0; i < S; i++) {
        int c = q->code[S - 1 - i];
        out->code[i] = (uint8_t)(c == 0 ? 0 : c <= 1 + P ? c + 1 + P : c - 1 - P);
    }
    for (int i = S; i < PULUK_MAX_STRIPS; i++)
        out->code[i] = 0;
    out->home[0] = q->home[1];
    out->home[1] = q->home[0];
}

int puluk_ix_children(const puluk_ix *ix, const puluk_ix_pos *q, int t,
                      puluk_ix_pos children[PULUK_MAX_MOVES])
{
    int S = ix->strips, P = ix->pieces, n = 0;
    /* from = 0 is the mover's town, 1..S the strips. */
    for (int from = 0; from <= S; from++) {
        int k; /* the moving column's prisoners */
        if (from == 0) {
            if (q->home[0] == 0)
                continue;
            k = 0;
        } else {
            int c = q->code[from - 1];
            if (c < 1 || c > 1 + P)
                continue;
            k = c - 1;
        }
        int to = from + t;
        if (to <= S && q->code[to - 1] >= 1 && q->code[to - 1] <= 1 + P)
            continue; /* the mover's own piece stands there */
        puluk_ix_pos m = *q;
        if (from == 0)
            m.home[0]--;
        else
            m.code[from - 1] = 0;
        if (to > S) {
            m.home[0]++; /* the far town: home again; the prisoners die */
        } else {
            int d = m.code[to - 1];
            if (d >= 2 + P) {
                m.home[0] = (uint8_t)(m.home[0] + d - 2 - P); /* freed: home */
                k++;                                            /* its top */
            }
            m.code[to - 1] = (uint8_t)(1 + k);
        }
        flip(ix, &m, &children[n++]);
    }
    return n;
}

/* ---- the public face --------------------------------------------------------- */

uint64_t puluk_index_size(const puluk_rules *r)
{
    puluk_ix ix;
    puluk_ix_init(&ix, r);
    return ix.size;
}

uint64_t puluk_index_of(const puluk_rules *r, const puluk_pos *p)
{
    puluk_ix ix;
    puluk_ix_init(&ix, r);
    puluk_ix_pos q;
    puluk_ix_from_pos(&ix, p, &q);
    return puluk_ix_rank(&ix, &q);
}

puluk_pos puluk_index_pos(const puluk_rules *r, uint64_t index)
{
    puluk_ix ix;
    puluk_ix_init(&ix, r);
    puluk_ix_pos q;
    puluk_ix_unrank(&ix, index, &q);
    return puluk_ix_to_pos(&ix, &q);
}
