/* The annotated tree of a search from the core's searches, and reading it
 * (xcheck_tree.h, "The annotated tree"). */
#include "xcheck_tree_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Which of the core's searches the visitor is seeing. */
enum { MARK_MINIMAX, MARK_DRAWN, MARK_ORDERED, MARK_003 };

/* ---- paths ------------------------------------------------------------- */

bool xcheck_tree_path_eq(const xcheck_tree_path *a, const xcheck_tree_path *b)
{
    return a->len == b->len && xcheck_tree_path_prefix(a, b);
}

bool xcheck_tree_path_prefix(const xcheck_tree_path *a, const xcheck_tree_path *b)
{
    if (a->len > b->len)
        return false;
    for (int i = 0; i < a->len; i++)
        if (a->pit[i] != b->pit[i] || a->side[i] != b->side[i])
            return false;
    return true;
}

bool xcheck_tree_path_child(const xcheck_tree_path *path, const xcheck_tree_path *parent)
{
    return path->len == parent->len + 1 && xcheck_tree_path_prefix(parent, path);
}

static uint64_t path_key(const xcheck_tree_path *p)
{
    uint64_t k = 0;
    for (int i = 0; i < p->len; i++)
        k = k * 13 + (uint64_t)p->pit[i];
    return k * 31 + (uint64_t)p->len;
}

/* A key that sorts paths in pre-order, the children in the drawn order
 * (each mover's pit 1 first): four bits a level from the top, a level not
 * on the path 0, so that a node comes before its descendants. Pits are
 * 1..VM_SEARCH_PITS (12), levels at most XCHECK_TREE_PLY_MAX (16). */
static uint64_t preorder_key(const xcheck_tree_path *p)
{
    uint64_t k = 0;
    for (int i = 0; i < XCHECK_TREE_PLY_MAX; i++)
        k = k << 4 | (i < p->len ? (uint64_t)(p->pit[i] & 15) : 0);
    return k;
}

const char *xcheck_tree_pit_name(const xcheck_tree *t, int side, int pit, char *buf, size_t size)
{
    const char *name = t->priv && side >= 0 && side < 2 && pit >= 1 && pit <= t->priv->s.npits
                           ? t->priv->pit_name[side][pit - 1]
                           : "";
    if (name[0])
        snprintf(buf, size, "%s", name);
    else
        snprintf(buf, size, "%c%d?", side == XCHECK_TREE_CALC ? 'C' : 'P', pit);
    return buf;
}

const char *xcheck_tree_path_text(const xcheck_tree *t, const xcheck_tree_path *path, char *buf,
                                  size_t size)
{
    size_t n = 0;
    if (size)
        buf[0] = '\0';
    if (path->len == 0)
        snprintf(buf, size, "root");
    for (int i = 0; i < path->len && n < size; i++) {
        char pit[VM_LABEL_MAX + 4];
        xcheck_tree_pit_name(t, path->side[i], path->pit[i], pit, sizeof pit);
        n += (size_t)snprintf(buf + n, size - n, "%s%s", i ? " " : "", pit);
    }
    return buf;
}

/* ---- lists ---------------------------------------------------------------- */

xcheck_tree_node *xcheck_tree_grow(xcheck_tree_node **list, long n, long *cap)
{
    if (n == *cap) {
        long c = *cap ? 2 * *cap : 64;
        xcheck_tree_node *l = realloc(*list, (size_t)c * sizeof *l);
        if (!l)
            return NULL;
        *list = l;
        *cap = c;
    }
    return &(*list)[n];
}

double xcheck_tree_scaled(const xcheck_tree *t, double v)
{
    if (fabs(v) >= KALAH_TERMINAL)
        return v / KALAH_TERMINAL * t->final_scale;
    return v;
}

long xcheck_tree_find(const xcheck_tree *t, const xcheck_tree_path *path)
{
    const struct xcheck_tree_priv *p = t->priv;
    if (!p || !p->hash_cap || !t->nexpect)
        return -1;
    for (uint64_t h = path_key(path) & (uint64_t)(p->hash_cap - 1);;
         h = (h + 1) & (uint64_t)(p->hash_cap - 1)) {
        long i = p->hash[h];
        if (i < 0 || xcheck_tree_path_eq(&t->expect[i].path, path))
            return i;
    }
}

/* ---- the core's searches -------------------------------------------------- */

static xcheck_tree_path core_path(const kalah_node *n)
{
    xcheck_tree_path path = {.len = n->ply < XCHECK_TREE_PLY_MAX ? n->ply : XCHECK_TREE_PLY_MAX};
    for (int i = 0; i < path.len; i++) {
        path.pit[i] = (int8_t)n->path[i];
        path.side[i] = (int8_t)n->movers[i]; /* the person is South: 0 */
    }
    return path;
}

/* The core's search of the calculator's kind finished node i. */
static void in_sequence(xcheck_tree *t, long i, const kalah_node *n)
{
    struct xcheck_tree_priv *p = t->priv;
    xcheck_tree_node *e = &t->expect[i];
    e->core = xcheck_tree_scaled(t, n->value);
    e->core_ok = true;
    e->alpha = xcheck_tree_scaled(t, n->alpha);
    e->beta = xcheck_tree_scaled(t, n->beta);
    e->cut = n->cut;
    if (p->nseq < p->cap_seq)
        p->seq[p->nseq++] = i;
}

static void visit(void *ctx, const kalah_node *n)
{
    xcheck_tree *t = ctx;
    struct xcheck_tree_priv *p = t->priv;
    xcheck_tree_path path = core_path(n);
    if (p->mark == MARK_MINIMAX) {
        xcheck_tree_node *e = xcheck_tree_grow(&t->expect, t->nexpect, &p->cap_expect);
        if (!e)
            return;
        memset(e, 0, sizeof *e);
        e->path = path;
        e->side = n->pos->to_move;
        e->leaf = n->leaf;
        e->parent = -1;
        e->minimax = xcheck_tree_scaled(t, n->value);
        e->core = NAN;
        e->alpha = -INFINITY;
        e->beta = INFINITY;
        t->nexpect++;
        return;
    }
    long i = xcheck_tree_find(t, &path);
    if (i < 0)
        return;
    xcheck_tree_node *e = &t->expect[i];
    if (p->mark == MARK_DRAWN) {
        e->alphabeta_drawn = true;
        if (t->alphabeta)
            in_sequence(t, i, n);
    } else if (p->mark == MARK_ORDERED) {
        e->alphabeta_ordered = true;
    } else {
        e->alphabeta003 = true;
    }
}

/* Indexes every node of the tree by its path; false when out of memory. */
static bool index_tree(xcheck_tree *t)
{
    struct xcheck_tree_priv *p = t->priv;
    long cap = 16;
    while (cap < 2 * t->nexpect)
        cap *= 2;
    if (cap > p->hash_cap) {
        long *h = realloc(p->hash, (size_t)cap * sizeof *h);
        if (!h)
            return false;
        p->hash = h;
        p->hash_cap = cap;
    }
    if (t->nexpect > p->cap_seq) {
        long *s = realloc(p->seq, (size_t)t->nexpect * sizeof *s);
        if (s)
            p->seq = s;
        long *q = s ? realloc(p->pre, (size_t)t->nexpect * sizeof *q) : NULL;
        if (q)
            p->pre = q;
        if (!s || !q)
            return false;
        p->cap_seq = t->nexpect;
    }
    for (long i = 0; i < p->hash_cap; i++)
        p->hash[i] = -1;
    for (long i = 0; i < t->nexpect; i++) {
        uint64_t h = path_key(&t->expect[i].path) & (uint64_t)(p->hash_cap - 1);
        while (p->hash[h] >= 0)
            h = (h + 1) & (uint64_t)(p->hash_cap - 1);
        p->hash[h] = i;
    }
    return true;
}

/* Parents and extra turns, from the paths. */
static void link_tree(xcheck_tree *t)
{
    for (long i = 0; i < t->nexpect; i++) {
        xcheck_tree_node *e = &t->expect[i];
        if (e->path.len == 0)
            continue;
        xcheck_tree_path up = e->path;
        up.len--;
        e->parent = xcheck_tree_find(t, &up);
        e->extra = e->path.side[e->path.len - 1] == e->side;
    }
}

typedef struct keyed {
    uint64_t key;
    long i;
} keyed;

static int by_key(const void *a, const void *b)
{
    uint64_t x = ((const keyed *)a)->key, y = ((const keyed *)b)->key;
    return x < y ? -1 : x > y;
}

/* Sorts the expect[] indexes in[0..n) into pre-order (out may be in). */
static bool sort_preorder(const xcheck_tree *t, const long *in, long n, long *out)
{
    keyed *k = malloc((size_t)(n ? n : 1) * sizeof *k);
    if (!k)
        return false;
    for (long j = 0; j < n; j++)
        k[j] = (keyed){preorder_key(&t->expect[in[j]].path), in[j]};
    qsort(k, (size_t)n, sizeof *k, by_key);
    for (long j = 0; j < n; j++)
        out[j] = k[j].i;
    free(k);
    return true;
}

/* One of the core's searches of the root, through the visitor; its node
 * count, -1 when the core refuses. */
static long run(xcheck_tree *t, int mark, kalah_player pl)
{
    struct xcheck_tree_priv *p = t->priv;
    kalah_result res;
    p->mark = mark;
    kalah_status st = kalah_search_visit(&p->rules, &t->root, &pl, visit, t, &res, NULL);
    p->mark = MARK_MINIMAX;
    return st == KALAH_OK ? (long)res.nodes : -1;
}

void xcheck_tree_expect(xcheck_tree *t)
{
    struct xcheck_tree_priv *p = t->priv;
    int total = kalah_total_stones(&p->rules, &t->root);
    p->rules.stones = total / (2 * p->rules.pits) ? total / (2 * p->rules.pits) : 1;
    t->nexpect = p->nseq = p->npre = 0;
    t->ab_nodes = t->ab003_nodes = t->drawn_nodes = 0;
    if (t->depth < 1 || t->depth > XCHECK_TREE_PLY_MAX)
        return;
    kalah_player mm = {.algo = KALAH_MINIMAX, .eval = KALAH_E1, .depth = t->depth};
    kalah_player ab = mm;
    ab.algo = KALAH_ALPHABETA;
    if (run(t, MARK_MINIMAX, mm) < 0 || !index_tree(t)) {
        t->nexpect = 0;
        return;
    }
    link_tree(t);
    if (t->alphabeta || t->prune_counts) {
        ab.pit_order = true; /* mk61ab-d: the drawn order */
        t->drawn_nodes = run(t, MARK_DRAWN, ab);
        ab.pit_order = false;
    }
    if (!t->alphabeta) {
        for (long i = 0; i < t->nexpect; i++) {
            xcheck_tree_node *e = &t->expect[i];
            e->core = e->minimax;
            e->core_ok = true;
            p->seq[i] = i;
        }
        p->nseq = t->nexpect;
    }
    if (t->prune_counts) {
        t->ab_nodes = run(t, MARK_ORDERED, ab);
        ab.algo = KALAH_ALPHABETA003;
        t->ab003_nodes = run(t, MARK_003, ab);
    }
    /* The order of entry: the nodes visited, in pre-order. */
    if (!sort_preorder(t, p->seq, p->nseq, p->pre)) {
        t->nexpect = p->nseq = 0;
        return;
    }
    p->npre = p->nseq;
    for (long v = 0; v < p->npre; v++)
        t->expect[p->pre[v]].visit = v + 1;
}

/* ---- reading the tree ------------------------------------------------------ */

long xcheck_tree_preorder(const xcheck_tree *t, long order[])
{
    for (long i = 0; i < t->nexpect; i++)
        order[i] = i;
    return sort_preorder(t, order, t->nexpect, order) ? t->nexpect : 0;
}

xcheck_tree_counts xcheck_tree_count(const xcheck_tree *t)
{
    long drawn = t->drawn_nodes > 0 ? t->drawn_nodes : 0;
    return (xcheck_tree_counts){.calc = t->nfound,
                                .minimax = t->nexpect,
                                .alphabeta = t->ab_nodes,
                                .alphabeta003 = t->ab003_nodes,
                                .alphabeta_drawn = drawn,
                                .visited = t->alphabeta ? drawn : t->nexpect};
}

bool xcheck_tree_position(const xcheck_tree *t, const xcheck_tree_path *path, bool person_first,
                          kalah_pos *out)
{
    if (!t->priv)
        return false;
    kalah_pos p = t->root;
    for (int i = 0; i < path->len; i++)
        if (kalah_play(&t->priv->rules, &p, path->pit[i], NULL, NULL) != KALAH_OK)
            return false;
    if (!person_first) /* the person North: the rows change places */
        p = kalah_pos_rotate(&p);
    *out = p;
    return true;
}
