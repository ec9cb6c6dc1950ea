/*
 * The top of a search tree whose leaves are searched elsewhere
 * (kalah_solve_split.h): its nodes' proven bounds, MTD(f) at its root and
 * the leaf tests that could decide the test under way.
 */
#include "kalah_solve_split.h"
#include "kalah_solve_internal.h"

#include <stdlib.h>
#include <string.h>

enum { NO, YES, OPEN };
#define NONE (-30000)

/* A position of the tree. Children are contiguous, after their parent. */
typedef struct snode {
    kalah_pos pos;
    int parent;       /* -1 at the root */
    int first, count; /* children n[first .. first + count - 1]; 0: none */
    int pit;          /* the move from the parent, 1..m */
    bool same;        /* after it the parent's mover moves again */
    int leaf;         /* searched elsewhere: its number; else -1 */
    int lo, hi;       /* proven bounds of its value (margin of its mover) */
    int move;         /* a leaf's best move, learnt with its exact value */
} snode;

/* One MTD(f) sequence: the root's, or with all a root move's. */
typedef struct problem {
    int node;
    int beta, g;  /* the test under way, and the last result */
    bool testing;
} problem;

struct kalah_split {
    kalah_rules r;
    bool parity;  /* values have the parity of the stones (every stone ends
                     in a store) */
    int total;
    bool all;
    snode *n;
    int count, cap;
    int *leaf_node; /* leaf number -> node */
    int leaves;
    problem pr[KALAH_MAX_PITS];
    int problems;
    kalah_split_job *out; /* kalah_split_needed's list while it is made */
    int listed, max;
};

static int round_up(const kalah_split *t, int v)
{
    return t->parity ? v + ((v - t->total) & 1) : v;
}

static int round_down(const kalah_split *t, int v)
{
    return t->parity ? v - ((v - t->total) & 1) : v;
}

static void tighten(const kalah_split *t, snode *n, int lo, int hi)
{
    lo = round_up(t, lo);
    hi = round_down(t, hi);
    if (lo > n->lo)
        n->lo = lo;
    if (hi < n->hi)
        n->hi = hi;
}

/* A child's worth to its parent's mover, as bounds. */
static void worth(const snode *c, int *lo, int *hi)
{
    *lo = c->same ? c->lo : -c->hi;
    *hi = c->same ? c->hi : -c->lo;
}

/* The bounds of node i from its children's. */
static void from_children(kalah_split *t, int i)
{
    snode *n = &t->n[i];
    if (n->count == 0)
        return;
    int lo = NONE, hi = NONE;
    for (int k = 0; k < n->count; k++) {
        int a, b;
        worth(&t->n[n->first + k], &a, &b);
        lo = a > lo ? a : lo;
        hi = b > hi ? b : hi;
    }
    tighten(t, n, lo, hi);
}

static uint64_t pos_hash(const kalah_pos *p)
{
    const unsigned char *b = (const unsigned char *)p;
    uint64_t h = 0xCBF29CE484222325u;
    for (size_t i = 0; i < sizeof *p; i++)
        h = (h ^ b[i]) * 0x100000001B3u;
    return h;
}

/* Appends a node for q: valued when the game is over or db holds it. */
static int add(kalah_split *t, const kalah_pos *q, int parent, int pit, bool same,
               const kalah_egdb *db)
{
    if (t->count == t->cap) {
        int cap = t->cap ? 2 * t->cap : 64;
        snode *n = realloc(t->n, (size_t)cap * sizeof *n);
        if (!n)
            return -1;
        t->n = n;
        t->cap = cap;
    }
    snode *n = &t->n[t->count];
    *n = (snode){.pos = *q, .parent = parent, .pit = pit, .same = same, .leaf = -1};
    const int sd = kalah_store_diff(q);
    int gain;
    if (kalah_over(&t->r, q)) {
        int m = kalah_margin(&t->r, q);
        n->lo = n->hi = q->to_move == KALAH_SOUTH ? m : -m;
    } else if (db && kalah_egdb_probe(db, q, &gain)) {
        n->lo = n->hi = gain + sd;
    } else if (t->parity) {
        /* Every stone in play ends in a store. */
        int s = kalah_side_stones(&t->r, q, 0) + kalah_side_stones(&t->r, q, 1);
        n->lo = sd - s;
        n->hi = sd + s;
    } else {
        n->lo = -t->total;
        n->hi = t->total;
    }
    return t->count++;
}

/* Adds the children of node i, the likely best first: extra turns, then
 * the stones the move puts in the mover's store, then the pits right to
 * left (the solver's order without its table). */
static bool expand(kalah_split *t, int i, const kalah_egdb *db)
{
    kalah_pos p = t->n[i].pos;
    int moves[KALAH_MAX_PITS], key[KALAH_MAX_PITS];
    kalah_pos child[KALAH_MAX_PITS];
    int n = kalah_moves(&t->r, &p, moves);
    const int me = p.to_move;
    for (int k = 0; k < n; k++) {
        child[k] = p;
        kalah_move_info info;
        if (kalah_play(&t->r, &child[k], moves[k], &info, NULL) != KALAH_OK)
            return false;
        bool extra = child[k].to_move == me && !info.ended;
        key[k] = (extra ? 1 << 20 : 0) + (child[k].store[me] - p.store[me]) * 64 + moves[k];
    }
    for (int a = 1; a < n; a++) /* insertion sort, largest key first */
        for (int b = a; b > 0 && key[b] > key[b - 1]; b--) {
            int tk = key[b], tm = moves[b];
            kalah_pos tp = child[b];
            key[b] = key[b - 1], moves[b] = moves[b - 1], child[b] = child[b - 1];
            key[b - 1] = tk, moves[b - 1] = tm, child[b - 1] = tp;
        }
    int first = t->count;
    for (int k = 0; k < n; k++)
        if (add(t, &child[k], i, moves[k], child[k].to_move == me, db) < 0)
            return false;
    t->n[i].first = first;
    t->n[i].count = n;
    return true;
}

static bool valued(const snode *n)
{
    return n->lo == n->hi;
}

kalah_status kalah_split_new(const kalah_rules *r, const kalah_pos *p, bool all,
                             const kalah_egdb *db, int leaves, kalah_split **out,
                             kalah_error *err)
{
    if (kalah_over(r, p))
        return kalah_fail(err, KALAH_EINVAL, 0, "the game is over: nothing to search");
    kalah_split *t = calloc(1, sizeof *t);
    if (!t)
        return kalah_fail(err, KALAH_ENOMEM, 0, "no memory for the tree");
    t->r = *r;
    t->parity = kalah_egdb_applies(r);
    t->total = kalah_rules_total(r);
    t->all = all;
    if (db && !kalah_egdb_serves(&db->rules, r))
        db = NULL;
    bool ok = add(t, p, -1, 0, false, NULL) == 0;
    /* Breadth first: node i's children come after every node made before
     * them, so expanding in index order goes level by level. open counts
     * the positions still to search elsewhere. */
    int open = valued(&t->n[0]) ? 0 : 1;
    for (int i = 0; ok && i < t->count && (open < leaves || i == 0); i++) {
        /* The root is expanded with all, or when its value is known (its
         * best move is then a child's). */
        bool must = i == 0 && (all || valued(&t->n[0]));
        if (valued(&t->n[i]) && !must)
            continue;
        if (i == 0 && !must && open >= leaves)
            break;
        ok = expand(t, i, db);
        open -= !valued(&t->n[i]);
        for (int k = 0; ok && k < t->n[i].count; k++)
            open += !valued(&t->n[t->n[i].first + k]);
    }
    if (ok)
        t->leaf_node = malloc((size_t)t->count * sizeof *t->leaf_node);
    if (ok)
        t->out = malloc((size_t)t->count * sizeof *t->out);
    if (!ok || !t->leaf_node || !t->out) {
        kalah_split_free(t);
        return kalah_fail(err, KALAH_ENOMEM, 0, "no memory for the tree");
    }
    for (int i = 0; i < t->count; i++)
        if (t->n[i].count == 0 && !valued(&t->n[i])) {
            t->n[i].leaf = t->leaves;
            t->leaf_node[t->leaves++] = i;
        }
    for (int i = t->count - 1; i >= 0; i--)
        from_children(t, i);
    const snode *root = &t->n[0];
    if (all) {
        for (int k = 0; k < root->count; k++)
            t->pr[t->problems++] = (problem){.node = root->first + k};
    } else {
        t->pr[t->problems++] = (problem){.node = 0};
    }
    /* The first guess: what the solver's first test is with a database, a
     * gain of 0. */
    for (int k = 0; k < t->problems; k++)
        t->pr[k].g = kalah_store_diff(&t->n[t->pr[k].node].pos);
    *out = t;
    return KALAH_OK;
}

void kalah_split_free(kalah_split *t)
{
    if (!t)
        return;
    free(t->n);
    free(t->leaf_node);
    free(t->out);
    free(t);
}

int kalah_split_leaves(const kalah_split *t)
{
    return t->leaves;
}

int kalah_split_nodes(const kalah_split *t)
{
    return t->count;
}

/* Moves pr on to its next test when the last one is decided. False when
 * its value is exact. */
static bool advance(kalah_split *t, problem *pr)
{
    const snode *n = &t->n[pr->node];
    for (;;) {
        if (n->lo >= n->hi)
            return false;
        if (pr->testing) {
            if (n->lo >= pr->beta)
                pr->g = n->lo;
            else if (n->hi < pr->beta)
                pr->g = n->hi;
            else
                return true;
            pr->testing = false;
        }
        int beta = pr->g <= n->lo ? n->lo + 1 : pr->g > n->hi ? n->hi : pr->g;
        beta = round_up(t, beta);
        if (beta > n->hi)
            beta = round_down(t, n->hi);
        if (beta <= n->lo)
            return false; /* no value of the parity between the bounds */
        pr->beta = beta;
        pr->testing = true;
    }
}

/* Is the value of node i >= b? YES or NO when its bounds (so the tree's)
 * say; else OPEN, and the leaf tests that could tell are listed. A node
 * that turns out YES drops what its earlier children listed. */
static int resolve(kalah_split *t, int i, int b)
{
    const snode *n = &t->n[i];
    if (n->lo >= b)
        return YES;
    if (n->hi < b)
        return NO;
    if (n->leaf >= 0) {
        if (t->listed < t->max)
            t->out[t->listed++] = (kalah_split_job){.leaf = n->leaf, .beta = b, .pos = n->pos,
                                                    .hash = pos_hash(&n->pos)};
        return OPEN;
    }
    int mark = t->listed;
    bool open = false;
    for (int k = 0; k < n->count; k++) {
        const snode *c = &t->n[n->first + k];
        int got;
        if (c->same) {
            got = resolve(t, n->first + k, b);
        } else { /* -v >= b: not v >= 1 - b */
            got = resolve(t, n->first + k, 1 - b);
            got = got == OPEN ? OPEN : got == YES ? NO : YES;
        }
        if (got == YES) {
            t->listed = mark;
            return YES;
        }
        open |= got == OPEN;
    }
    return open ? OPEN : NO;
}

int kalah_split_needed(kalah_split *t, kalah_split_job *out, int max)
{
    t->listed = 0;
    t->max = t->count;
    for (int k = 0; k < t->problems; k++)
        if (advance(t, &t->pr[k]))
            resolve(t, t->pr[k].node, t->pr[k].beta);
    int n = t->listed < max ? t->listed : max;
    memcpy(out, t->out, (size_t)n * sizeof *out);
    return n;
}

void kalah_split_learn(kalah_split *t, int leaf, int lower, int upper, int move)
{
    if (leaf < 0 || leaf >= t->leaves)
        return;
    int i = t->leaf_node[leaf];
    snode *n = &t->n[i];
    if (move > 0 && lower > n->lo)
        n->move = move;
    tighten(t, n, lower, upper);
    for (i = n->parent; i >= 0; i = t->n[i].parent)
        from_children(t, i);
}

/* The estimate of a problem's node: its last result, within its bounds. */
static int estimate(const kalah_split *t, int node)
{
    const snode *n = &t->n[node];
    int g = n->lo;
    for (int k = 0; k < t->problems; k++)
        if (t->pr[k].node == node)
            g = t->pr[k].g;
    return g < n->lo ? n->lo : g > n->hi ? n->hi : g;
}

void kalah_split_solution(const kalah_split *t, kalah_solution *out)
{
    memset(out, 0, sizeof *out);
    const snode *root = &t->n[0];
    out->count = kalah_moves(&t->r, &root->pos, out->moves);
    out->stopped = KALAH_SOLVE_DONE;
    if (!t->all) {
        out->lower = root->lo;
        out->upper = root->hi;
        out->exact = root->lo == root->hi;
        out->value = estimate(t, 0);
        /* The first child (in the tree's order) that reaches the value. */
        int best = NONE;
        for (int k = 0; k < root->count; k++) {
            const snode *c = &t->n[root->first + k];
            int lo, hi;
            worth(c, &lo, &hi);
            if (lo > best) {
                best = lo;
                out->move = c->pit;
            }
        }
        if (root->count == 0)
            out->move = root->move;
        if (out->move == 0)
            out->move = out->moves[0];
        return;
    }
    out->lower = out->upper = out->value = NONE;
    out->exact = true;
    for (int k = 0; k < root->count; k++) {
        const snode *c = &t->n[root->first + k];
        int slot = 0;
        while (slot < out->count && out->moves[slot] != c->pit)
            slot++;
        int lo, hi;
        worth(c, &lo, &hi);
        int g = estimate(t, root->first + k);
        out->lowers[slot] = lo;
        out->uppers[slot] = hi;
        out->exacts[slot] = lo == hi;
        out->values[slot] = lo == hi ? lo : c->same ? g : -g;
        out->exact &= lo == hi;
        out->lower = lo > out->lower ? lo : out->lower;
        out->upper = hi > out->upper ? hi : out->upper;
    }
    for (int k = 0; k < out->count; k++)
        if (out->values[k] > out->value) {
            out->value = out->values[k];
            out->move = out->moves[k];
        }
}
