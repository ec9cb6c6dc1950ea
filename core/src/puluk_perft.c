/* Counting Pulúk's move sequences and the positions they reach: test
 * oracles for the rules. */
#include "puluk_internal.h"

#include <stdlib.h>
#include <string.h>

/* The positions after one ply of p: a throw (p's own when made, else each
 * of 1..5) and a move. Returns how many (0 when the game is over). */
static int plies(const puluk_rules *r, const puluk_pos *p,
                 puluk_pos out[PULUK_MAX_THROW * PULUK_MAX_MOVES])
{
    if (puluk_over(r, p))
        return 0;
    int n = 0, lo = p->thrown ? p->thrown : 1, hi = p->thrown ? p->thrown : PULUK_MAX_THROW;
    for (int t = lo; t <= hi; t++) {
        puluk_pos q = *p;
        q.thrown = (uint8_t)t;
        int moves[PULUK_MAX_MOVES], k = puluk_moves(r, &q, moves);
        for (int i = 0; i < k; i++) {
            out[n] = q;
            puluk_apply(r, &out[n++], moves[i], NULL);
        }
    }
    return n;
}

uint64_t puluk_perft(const puluk_rules *r, const puluk_pos *p, int depth)
{
    if (depth == 0)
        return 1;
    puluk_pos kids[PULUK_MAX_THROW * PULUK_MAX_MOVES];
    int k = plies(r, p, kids);
    uint64_t n = 0;
    for (int i = 0; i < k; i++)
        n += depth == 1 ? 1 : puluk_perft(r, &kids[i], depth - 1);
    return n;
}

/* ---- distinct positions: a hash set of one level --------------------------- */

typedef struct pos_set {
    puluk_pos *items;  /* the positions, in the order added */
    uint32_t *slots;   /* 1 + index into items, 0 empty; a power of two */
    size_t count, cap, nslots;
} pos_set;

static uint64_t pos_hash(const puluk_pos *p)
{
    const unsigned char *b = (const unsigned char *)p;
    uint64_t h = 1469598103934665603ull; /* FNV-1a */
    for (size_t i = 0; i < sizeof *p; i++)
        h = (h ^ b[i]) * 1099511628211ull;
    return h ^ (h >> 29);
}

static bool set_init(pos_set *s, size_t cap)
{
    s->count = 0;
    s->cap = cap;
    s->nslots = 2;
    while (s->nslots < 2 * cap)
        s->nslots *= 2;
    s->items = malloc(cap * sizeof *s->items);
    s->slots = calloc(s->nslots, sizeof *s->slots);
    return s->items && s->slots;
}

static void set_free(pos_set *s)
{
    free(s->items);
    free(s->slots);
}

/* Adds p; false when the set is full. */
static bool set_add(pos_set *s, const puluk_pos *p)
{
    size_t mask = s->nslots - 1, i = (size_t)pos_hash(p) & mask;
    while (s->slots[i]) {
        if (memcmp(&s->items[s->slots[i] - 1], p, sizeof *p) == 0)
            return true;
        i = (i + 1) & mask;
    }
    if (s->count == s->cap)
        return false;
    s->items[s->count] = *p;
    s->slots[i] = (uint32_t)++s->count;
    return true;
}

static void set_clear(pos_set *s)
{
    s->count = 0;
    memset(s->slots, 0, s->nslots * sizeof *s->slots);
}

kalah_status puluk_reach(const puluk_rules *r, const puluk_pos *p, int depth,
                         uint64_t max_positions, uint64_t *counts, kalah_error *err)
{
    if (max_positions < 1 || max_positions > UINT32_MAX / 2)
        return kalah_fail(err, KALAH_EINVAL, 0, "max_positions must be 1..%u", UINT32_MAX / 2);
    pos_set a, b;
    bool ok = set_init(&a, (size_t)max_positions);
    ok = set_init(&b, (size_t)max_positions) && ok;
    if (!ok) {
        set_free(&a);
        set_free(&b);
        return kalah_fail(err, KALAH_ENOMEM, 0, "no memory for %llu positions",
                          (unsigned long long)max_positions);
    }
    pos_set *cur = &a, *next = &b;
    set_add(cur, p); /* its throw, when made, is the first ply's */
    counts[0] = 1;
    kalah_status st = KALAH_OK;
    for (int d = 1; d <= depth && st == KALAH_OK; d++) {
        set_clear(next);
        for (size_t i = 0; i < cur->count && st == KALAH_OK; i++) {
            puluk_pos kids[PULUK_MAX_THROW * PULUK_MAX_MOVES];
            int k = plies(r, &cur->items[i], kids);
            for (int m = 0; m < k && st == KALAH_OK; m++)
                if (!set_add(next, &kids[m]))
                    st = kalah_fail(err, KALAH_EINVAL, 0,
                                    "ply %d reaches more than %llu positions", d,
                                    (unsigned long long)max_positions);
        }
        counts[d] = next->count;
        pos_set *tmp = cur;
        cur = next;
        next = tmp;
    }
    set_free(&a);
    set_free(&b);
    return st;
}
