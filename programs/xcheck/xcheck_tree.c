/* The calculator's search tree beside the core's (xcheck_tree.h). */
#include "xcheck_tree.h"

#include "asm.h"
#include "vm_whole.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LEVELS (VM_SEARCH_LEVELS + 2)
#define CALC_MAX 1000000000 /* a node's value is read below 10^9 in size */

/* What an address of the program is to the search. */
typedef enum at_kind { AT_NONE, AT_NODE, AT_DONE } at_kind;

/* Which of the core's searches the visitor is seeing: the minimax that
 * makes the expected tree, or one of the alpha-betas whose nodes it
 * marks. */
typedef enum visiting { VISIT_MINIMAX, VISIT_ALPHABETA, VISIT_ALPHABETA003 } visiting;

struct xcheck_tree_priv {
    vm_search s;
    uint8_t at[VM_MAX_STEPS];    /* what an address is: an at_kind */
    int side_of[2];              /* the declared side index -> the tree's side */
    char pit_name[2][VM_SEARCH_PITS][VM_LABEL_MAX]; /* by the tree's side */
    uint64_t last;               /* m->executed at the last call */
    unsigned next_ms;            /* the duration of the step about to run */
    uint64_t ms;                 /* real-machine ms of the steps seen */
    uint64_t start_steps[LEVELS], start_ms[LEVELS]; /* where each level's node began */
    bool mismatched;             /* the search held has had its mismatch */
    kalah_rules rules;
    long cap_found, cap_expect;
    long *hash;                  /* expected node indexes by path, -1 empty */
    long hash_cap;
    visiting mark;               /* the core's search being visited */
};

/* ---- paths ------------------------------------------------------------- */

bool xcheck_tree_path_eq(const xcheck_tree_path *a, const xcheck_tree_path *b)
{
    if (a->len != b->len)
        return false;
    for (int i = 0; i < a->len; i++)
        if (a->pit[i] != b->pit[i] || a->side[i] != b->side[i])
            return false;
    return true;
}

static uint64_t path_key(const xcheck_tree_path *p)
{
    uint64_t k = 0;
    for (int i = 0; i < p->len; i++)
        k = k * 13 + (uint64_t)p->pit[i];
    return k * 31 + (uint64_t)p->len;
}

const char *xcheck_tree_pit_name(const xcheck_tree *t, int side, int pit, char *buf, size_t size)
{
    const char *name = side >= 0 && side < 2 && pit >= 1 && pit <= t->priv->s.npits
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

/* ---- set-up ------------------------------------------------------------ */

bool xcheck_tree_init(xcheck_tree *t, const vm_program *prog, const vm_decl *decl, char *why,
                      size_t size)
{
    memset(t, 0, sizeof *t);
    t->prog = prog;
    t->decl = decl;
    t->prune_counts = true;
    const vm_search *s = &decl->search;
    if (!s->declared) {
        snprintf(why, size, "the program declares no search (a .search line naming its search's registers)");
        return false;
    }
    char msg[160];
    asm_search_check(s, msg, sizeof msg);
    if (msg[0]) {
        snprintf(why, size, "%s", msg);
        return false;
    }
    if (!xcheck_layout_find(decl->reg_name, &t->lay, why, size))
        return false;
    struct xcheck_tree_priv *p = calloc(1, sizeof *p);
    if (!p) {
        snprintf(why, size, "out of memory");
        return false;
    }
    t->priv = p;
    p->s = *s;
    t->final_scale = s->final_scale;
    if (s->node >= 0 && s->node < VM_MAX_STEPS)
        p->at[s->node] = AT_NODE;
    for (int i = 0; i < s->ndone; i++)
        if (s->done[i] >= 0 && s->done[i] < VM_MAX_STEPS)
            p->at[s->done[i]] = AT_DONE;
    for (int k = 0; k < 2; k++) {
        int side = s->side_store[k] == t->lay.calc_store ? XCHECK_TREE_CALC : XCHECK_TREE_PERSON;
        p->side_of[k] = side;
        for (int i = 0; i < s->npits; i++)
            snprintf(p->pit_name[side][i], VM_LABEL_MAX, "%s", decl->reg_name[s->side_pit[k][i]]);
    }
    if (p->side_of[0] == p->side_of[1]) {
        snprintf(why, size, "the two sides of .search side are not the stores CK and PK");
        xcheck_tree_free(t);
        return false;
    }
    p->rules = kalah_rules_default();
    return true;
}

void xcheck_tree_free(xcheck_tree *t)
{
    if (t->priv)
        free(t->priv->hash);
    free(t->priv);
    free(t->found);
    free(t->expect);
    t->priv = NULL;
    t->found = t->expect = NULL;
    t->nfound = t->nexpect = 0;
}

void xcheck_tree_reset(xcheck_tree *t)
{
    t->searching = t->done = t->missed = false;
    t->nfound = t->nexpect = 0;
    t->chosen = 0;
    t->ab_nodes = t->ab003_nodes = 0;
}

/* Room for one more node in a list; NULL when out of memory. */
static xcheck_tree_node *grow(xcheck_tree_node **list, long n, long *cap)
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

/* ---- the core's tree ----------------------------------------------------- */

/* A core value in the program's scale. */
static double scaled(const xcheck_tree *t, double v)
{
    if (fabs(v) >= KALAH_TERMINAL)
        return v / KALAH_TERMINAL * t->final_scale;
    return v;
}

static long find(const xcheck_tree *t, const xcheck_tree_path *path)
{
    const struct xcheck_tree_priv *p = t->priv;
    if (!p || !p->hash_cap)
        return -1;
    for (uint64_t h = path_key(path) & (uint64_t)(p->hash_cap - 1);;
         h = (h + 1) & (uint64_t)(p->hash_cap - 1)) {
        long i = p->hash[h];
        if (i < 0 || xcheck_tree_path_eq(&t->expect[i].path, path))
            return i;
    }
}

static xcheck_tree_path core_path(const kalah_node *n)
{
    xcheck_tree_path path = {.len = n->ply < XCHECK_TREE_PLY_MAX ? n->ply : XCHECK_TREE_PLY_MAX};
    for (int i = 0; i < path.len; i++) {
        path.pit[i] = (int8_t)n->path[i];
        path.side[i] = (int8_t)n->movers[i]; /* the person is South: 0 */
    }
    return path;
}

static void visit(void *ctx, const kalah_node *n)
{
    xcheck_tree *t = ctx;
    struct xcheck_tree_priv *p = t->priv;
    xcheck_tree_path path = core_path(n);
    if (p->mark != VISIT_MINIMAX) {
        long i = find(t, &path);
        if (i >= 0) {
            if (p->mark == VISIT_ALPHABETA)
                t->expect[i].alphabeta = true;
            else
                t->expect[i].alphabeta003 = true;
        }
        return;
    }
    xcheck_tree_node *e = grow(&t->expect, t->nexpect, &p->cap_expect);
    if (!e)
        return;
    memset(e, 0, sizeof *e);
    e->path = path;
    e->side = n->pos->to_move;
    e->leaf = n->leaf;
    e->core = scaled(t, n->value);
    e->core_ok = true;
    t->nexpect++;
}

/* The expected tree of the root position (t->root, t->depth). */
static void expect_tree(xcheck_tree *t)
{
    struct xcheck_tree_priv *p = t->priv;
    int total = kalah_total_stones(&p->rules, &t->root);
    p->rules.stones = total / (2 * p->rules.pits) ? total / (2 * p->rules.pits) : 1;
    kalah_player pl = {.algo = KALAH_MINIMAX, .eval = KALAH_E1, .depth = t->depth};
    kalah_result res;
    p->mark = VISIT_MINIMAX;
    t->nexpect = 0;
    if (t->depth < 1 || t->depth > 64 ||
        kalah_search_visit(&p->rules, &t->root, &pl, visit, t, &res, NULL) != KALAH_OK)
        return;
    long cap = 16;
    while (cap < 2 * t->nexpect)
        cap *= 2;
    if (cap > p->hash_cap) {
        long *h = realloc(p->hash, (size_t)cap * sizeof *h);
        if (!h)
            return;
        p->hash = h;
        p->hash_cap = cap;
    }
    for (long i = 0; i < p->hash_cap; i++)
        p->hash[i] = -1;
    for (long i = 0; i < t->nexpect; i++) {
        uint64_t h = path_key(&t->expect[i].path) & (uint64_t)(p->hash_cap - 1);
        while (p->hash[h] >= 0)
            h = (h + 1) & (uint64_t)(p->hash_cap - 1);
        p->hash[h] = i;
    }
    if (!t->prune_counts)
        return;
    p->mark = VISIT_ALPHABETA;
    pl.algo = KALAH_ALPHABETA;
    if (kalah_search_visit(&p->rules, &t->root, &pl, visit, t, &res, NULL) == KALAH_OK)
        t->ab_nodes = (long)res.nodes;
    p->mark = VISIT_ALPHABETA003;
    pl.algo = KALAH_ALPHABETA003;
    if (kalah_search_visit(&p->rules, &t->root, &pl, visit, t, &res, NULL) == KALAH_OK)
        t->ab003_nodes = (long)res.nodes;
    p->mark = VISIT_MINIMAX;
}

/* ---- reading the machine ------------------------------------------------- */

/* A register as a whole number -999..999 (the search's levels, pits and
 * sides), else `bad`. */
static int whole(const vm_machine *m, int reg, int bad)
{
    return vm_whole_in(m->reg[reg], -999, 999, bad);
}

/* The tree's side of a mover register's value; -1 when it names neither. */
static int side_in(const xcheck_tree *t, const vm_machine *m, int reg)
{
    const struct xcheck_tree_priv *p = t->priv;
    int v = whole(m, reg, -1);
    for (int k = 0; k < 2; k++)
        if (v == p->s.side_store[k])
            return p->side_of[k];
    return -1;
}

/* The level of the node being searched (1: the root), from the level
 * register; 0 when it is outside the declared levels. */
static int level(const xcheck_tree *t, const vm_machine *m)
{
    const vm_search *s = &t->priv->s;
    int l = whole(m, s->level_reg, -1000) - s->level_root + 1;
    return l >= 1 && l <= s->levels + 1 ? l : 0;
}

/* The path to a node at level l: the pits of the levels above it. */
static xcheck_tree_path path_at(const xcheck_tree *t, const vm_machine *m, int l)
{
    const vm_search *s = &t->priv->s;
    xcheck_tree_path path = {.len = l - 1 < XCHECK_TREE_PLY_MAX ? l - 1 : XCHECK_TREE_PLY_MAX};
    for (int i = 0; i < path.len; i++) {
        path.pit[i] = (int8_t)whole(m, s->pit[i], -1);
        path.side[i] = (int8_t)side_in(t, m, s->level_mover[i]);
    }
    return path;
}

/* ---- following the search -------------------------------------------------- */

static void side_text(int side, char *buf, size_t size)
{
    snprintf(buf, size, "%s", side == XCHECK_TREE_CALC     ? "the calculator to move"
                              : side == XCHECK_TREE_PERSON ? "the person to move"
                                                           : "no side to move");
}

/* Records the search's node mismatch: the calculator's node n (index i)
 * against the core's. */
static void node_mismatch(xcheck_tree *t, const xcheck_tree_node *n, long i, const char *what)
{
    struct xcheck_tree_priv *p = t->priv;
    p->mismatched = true;
    t->node_mismatches++;
    if (t->report[0])
        return;
    char path[160], side[40], pos[KALAH_TEXT_MAX], ins[48], val[64];
    xcheck_tree_path_text(t, &n->path, path, sizeof path);
    side_text(n->side, side, sizeof side);
    kalah_pos_format(&p->rules, &t->root, pos, sizeof pos);
    asm_disasm_one(t->prog->code, t->prog->length, n->pc, t->prog->profile, t->decl, ins,
                   sizeof ins);
    if (n->calc_ok)
        snprintf(val, sizeof val, "%.0f", n->calc);
    else
        snprintf(val, sizeof val, "%g (not a whole number)", n->calc);
    int len = snprintf(t->report, sizeof t->report,
                       "node mismatch: %s\n"
                       "  search:      %s, minimax e1 depth %d (the person South)\n"
                       "  node %-6ld  %s (%s): the calculator's value %s, finished at %03d (%s)\n",
                       what, pos, t->depth, i + 1, path, side, val, n->pc, ins);
    if (i < t->nexpect && len > 0 && (size_t)len < sizeof t->report) {
        const xcheck_tree_node *e = &t->expect[i];
        xcheck_tree_path_text(t, &e->path, path, sizeof path);
        side_text(e->side, side, sizeof side);
        snprintf(t->report + len, sizeof t->report - (size_t)len,
                 "  the core's:  %s (%s): %.0f\n", path, side, e->core);
    }
}

/* The machine entered a node at level l. */
static void enter(xcheck_tree *t, const vm_machine *m, int l, unsigned ms_before)
{
    struct xcheck_tree_priv *p = t->priv;
    if (l == 1) {
        if (t->hold && t->done)
            return;
        xcheck_tree_reset(t);
        p->mismatched = false;
        t->searches++;
        t->searching = true;
        const vm_search *s = &p->s;
        t->depth = whole(m, s->leaf_reg, -1000) - s->level_root;
        t->root = xcheck_read_board(m, &t->lay, true);
        int side = side_in(t, m, s->mover);
        t->root.to_move = (uint16_t)(side == XCHECK_TREE_CALC ? KALAH_NORTH : KALAH_SOUTH);
        expect_tree(t);
    }
    if (!t->searching)
        return;
    p->start_steps[l] = m->executed - 1;
    p->start_ms[l] = p->ms - ms_before;
}

/* The machine is at an address where a node at level l is finished. */
static void finish(xcheck_tree *t, const vm_machine *m, int l)
{
    struct xcheck_tree_priv *p = t->priv;
    if (!t->searching)
        return;
    xcheck_tree_node *n = grow(&t->found, t->nfound, &p->cap_found);
    if (!n)
        return;
    memset(n, 0, sizeof *n);
    n->path = path_at(t, m, l);
    n->side = side_in(t, m, p->s.mover);
    int64_t value;
    n->calc_ok = vm_whole(m->x, &value) && value > -CALC_MAX && value < CALC_MAX;
    n->calc = n->calc_ok ? (double)value : vm_num_to_double(m->x);
    n->steps = m->executed - p->start_steps[l] + 1;
    n->ms = p->ms + vm_next_ms(m) - p->start_ms[l];
    n->pc = m->pc;
    n->code = m->prog[vm_cell(m, m->pc)];
    long i = t->nfound++;
    long e = find(t, &n->path);
    if (e >= 0) {
        n->core = t->expect[e].core;
        n->core_ok = true;
        n->leaf = t->expect[e].leaf;
        n->alphabeta = t->expect[e].alphabeta;
        n->alphabeta003 = t->expect[e].alphabeta003;
        n->agree = n->calc_ok && n->calc == n->core && n->side == t->expect[e].side;
        t->expect[e].calc = n->calc;
        t->expect[e].calc_ok = n->calc_ok;
        t->expect[e].agree = n->agree;
        t->expect[e].steps = n->steps;
        t->expect[e].ms = n->ms;
        t->expect[e].pc = n->pc;
        t->expect[e].code = n->code;
    }
    if (!p->mismatched && t->nexpect > 0) {
        if (i >= t->nexpect)
            node_mismatch(t, n, i, "the calculator finished a node more than the core's search");
        else if (!xcheck_tree_path_eq(&n->path, &t->expect[i].path))
            node_mismatch(t, n, i, "the calculator finished another node than the core's next");
        else if (!n->agree)
            node_mismatch(t, n, i, n->side != t->expect[i].side
                                       ? "the side to move differs"
                                       : "the calculator's value differs from the core's");
        else
            t->nodes_checked++;
    }
    if (l == 1) {
        t->searching = false;
        t->done = true;
        xcheck_tree_path best;
        xcheck_tree_best_line(t, &best);
        t->chosen = best.len ? best.pit[0] : 0;
        if (!p->mismatched && t->nexpect > 0 && t->nfound != t->nexpect) {
            char what[96];
            snprintf(what, sizeof what, "the calculator finished %ld nodes, the core's search %ld",
                     t->nfound, t->nexpect);
            node_mismatch(t, n, i, what);
        }
    }
}

bool xcheck_tree_look(void *tracker, const vm_machine *m)
{
    xcheck_tree_step(tracker, m);
    return true;
}

void xcheck_tree_step(xcheck_tree *t, const vm_machine *m)
{
    struct xcheck_tree_priv *p = t->priv;
    if (!p || m->executed == p->last)
        return;
    if (m->executed < p->last) /* another machine, or one taken back: start afresh */
        t->searching = false;
    else if (m->executed != p->last + 1 && t->searching)
        t->missed = true;
    p->last = m->executed;
    unsigned before = p->next_ms;
    p->ms += before;
    int pc = m->pc;
    at_kind at = pc >= 0 && pc < VM_MAX_STEPS ? (at_kind)p->at[pc] : AT_NONE;
    p->next_ms = vm_next_ms(m);
    if (at == AT_NONE)
        return;
    int l = level(t, m);
    if (l == 0)
        return;
    if (at == AT_NODE)
        enter(t, m, l, before);
    else
        finish(t, m, l);
}

/* ---- reading the tree ---------------------------------------------------- */

/* Whether a return address is that of a call (ПП) to the node routine. */
static bool node_frame(const xcheck_tree *t, const vm_machine *m, int ret)
{
    return ret >= 2 && ret <= m->steps && m->prog[ret - 2] == VM_OP_GSB &&
           vm_cell_address(m, m->prog[ret - 1]) == t->priv->s.node;
}

bool xcheck_tree_current(const xcheck_tree *t, const vm_machine *m, xcheck_tree_path *path)
{
    memset(path, 0, sizeof *path);
    if (!t->priv || !t->searching || !m->running)
        return false;
    const vm_search *s = &t->priv->s;
    int frames = 0;
    for (int i = 0; i < m->rsp && i < VM_RSTACK; i++)
        frames += node_frame(t, m, m->rstack[i]);
    int depth = frames - 1;
    if (depth < 0 || depth > s->levels || depth > XCHECK_TREE_PLY_MAX)
        return false;
    for (int i = 0; i < depth; i++) {
        if (s->pit[i] >= m->regs)
            return false;
        int pit = whole(m, s->pit[i], 0);
        if (pit < 1 || pit > s->npits)
            return false;
        path->pit[i] = (int8_t)pit;
        path->side[i] = (int8_t)side_in(t, m, s->level_mover[i]);
    }
    path->len = depth;
    return true;
}

bool xcheck_tree_path_child(const xcheck_tree_path *path, const xcheck_tree_path *parent)
{
    if (path->len != parent->len + 1)
        return false;
    for (int i = 0; i < parent->len; i++)
        if (path->pit[i] != parent->pit[i] || path->side[i] != parent->side[i])
            return false;
    return true;
}

void xcheck_tree_best_line(const xcheck_tree *t, xcheck_tree_path *line)
{
    memset(line, 0, sizeof *line);
    for (;;) {
        const xcheck_tree_node *best = NULL;
        for (long i = 0; i < t->nfound; i++) {
            const xcheck_tree_node *n = &t->found[i];
            if (!xcheck_tree_path_child(&n->path, line))
                continue;
            bool max = n->path.side[line->len] == XCHECK_TREE_CALC;
            if (!best || (max ? n->calc > best->calc : n->calc < best->calc))
                best = n;
        }
        if (!best || line->len == XCHECK_TREE_PLY_MAX)
            return;
        *line = best->path;
    }
}

xcheck_tree_counts xcheck_tree_count(const xcheck_tree *t)
{
    return (xcheck_tree_counts){t->nfound, t->nexpect, t->ab_nodes, t->ab003_nodes};
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
