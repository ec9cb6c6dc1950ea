/* The calculator's search tree beside the core's: following the machine
 * and the node check (xcheck_tree.h). */
#include "xcheck_tree_internal.h"

#include "asm.h"
#include "vm_whole.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CALC_MAX 1000000000 /* a node's value is read below 10^9 in size */

/* What an address of the program is to the search. */
typedef enum at_kind { AT_NONE, AT_NODE, AT_DONE, AT_CUT } at_kind;

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
    if (s->cut >= 0 && s->cut < VM_MAX_STEPS)
        p->at[s->cut] = AT_CUT;
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
    if (t->priv) {
        free(t->priv->hash);
        free(t->priv->seq);
        free(t->priv->pre);
    }
    free(t->priv);
    free(t->found);
    free(t->expect);
    t->priv = NULL;
    t->found = t->expect = NULL;
    t->nfound = t->nexpect = 0;
}

void xcheck_tree_reset(xcheck_tree *t)
{
    t->searching = t->done = t->missed = t->alphabeta = false;
    t->nfound = t->nexpect = t->entered = 0;
    t->chosen = 0;
    t->ab_nodes = t->ab003_nodes = t->drawn_nodes = 0;
    if (t->priv)
        t->priv->nseq = t->priv->npre = 0;
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

/* Whether the search starting now is alpha-beta (.search alphabeta). */
static bool alphabeta_now(const xcheck_tree *t, const vm_machine *m)
{
    const vm_search *s = &t->priv->s;
    if (s->alphabeta == VM_SEARCH_AB_ALWAYS)
        return true;
    return s->alphabeta == VM_SEARCH_AB_WHEN && s->ab_reg >= 0 &&
           vm_whole_in(m->reg[s->ab_reg], -999999, 999999, -1000000) == s->ab_value;
}

/* The window of a node at level l as the machine holds it: from the bests
 * of the levels above (.search best), alpha the largest where the
 * calculator moves, beta the smallest where the person does, a best of
 * .search infinity or more in size being no bound. */
static void machine_window(const xcheck_tree *t, const vm_machine *m, int l, double *alpha,
                           double *beta)
{
    const vm_search *s = &t->priv->s;
    *alpha = -INFINITY;
    *beta = INFINITY;
    for (int k = 1; k < l && k <= s->nbest; k++) {
        double best = vm_num_to_double(m->reg[s->best[k - 1]]);
        if (!(fabs(best) < (double)s->infinity))
            continue;
        int side = side_in(t, m, s->level_mover[k - 1]);
        if (side == XCHECK_TREE_CALC && best > *alpha)
            *alpha = best;
        else if (side == XCHECK_TREE_PERSON && best < *beta)
            *beta = best;
    }
}

/* ---- reports -------------------------------------------------------------- */

static const char *side_text(int side)
{
    return side == XCHECK_TREE_CALC     ? "the calculator to move"
           : side == XCHECK_TREE_PERSON ? "the person to move"
                                        : "no side to move";
}

const char *xcheck_tree_value_text(double v, char *buf, size_t size)
{
    if (isnan(v))
        snprintf(buf, size, "-");
    else if (isinf(v))
        snprintf(buf, size, v > 0 ? "+inf" : "-inf");
    else if (v == 0)
        snprintf(buf, size, "0");
    else
        snprintf(buf, size, "%+.0f", v);
    return buf;
}

const char *xcheck_tree_window_text(double a, double b, char *buf, size_t size)
{
    char x[24], y[24];
    snprintf(buf, size, "[%s, %s]", xcheck_tree_value_text(a, x, sizeof x),
             xcheck_tree_value_text(b, y, sizeof y));
    return buf;
}

/* Records the search's node mismatch. n is the calculator's node (index i
 * in its order, finished or, when `entered`, just entered), e the core's
 * node it was held against (NULL: none). */
static void node_mismatch(xcheck_tree *t, const xcheck_tree_node *n, long i, bool entered,
                          const xcheck_tree_node *e, const char *what)
{
    struct xcheck_tree_priv *p = t->priv;
    p->mismatched = true;
    t->node_mismatches++;
    if (t->report[0])
        return;
    char path[160], pos[KALAH_TEXT_MAX], ins[48], val[160], win[64], v[24];
    xcheck_tree_path_text(t, &n->path, path, sizeof path);
    kalah_pos_format(&p->rules, &t->root, pos, sizeof pos);
    asm_disasm_one(t->prog->code, t->prog->length, n->pc, t->prog->profile, t->decl, ins,
                   sizeof ins);
    if (entered)
        snprintf(val, sizeof val, "entered");
    else if (n->calc_ok)
        snprintf(val, sizeof val, "the calculator's value %s%s%s%s",
                 xcheck_tree_value_text(n->calc, v, sizeof v), t->alphabeta ? ", window " : "",
                 t->alphabeta ? xcheck_tree_window_text(n->alpha, n->beta, win, sizeof win) : "",
                 t->alphabeta && n->cut ? ", cut" : "");
    else
        snprintf(val, sizeof val, "the calculator's value %g (not a whole number)", n->calc);
    int len = snprintf(t->report, sizeof t->report,
                       "node mismatch: %s\n"
                       "  search:      %s (the person South), %s, E1, depth %d (%s-%d)\n"
                       "  %s %-6ld %s (%s): %s, %s %03d (%s)\n",
                       what, pos, t->alphabeta ? "alpha-beta in the drawn order" : "minimax",
                       t->depth, t->alphabeta ? "mk61ab" : "mk61", t->depth,
                       entered ? "visit" : "node ", i + 1, path,
                       side_text(n->side), val, entered ? "at" : "finished at", n->pc, ins);
    if (e && len > 0 && (size_t)len < sizeof t->report) {
        xcheck_tree_path_text(t, &e->path, path, sizeof path);
        snprintf(t->report + len, sizeof t->report - (size_t)len,
                 "  the core's %s %s (%s): %s%s%s%s\n", entered ? "next:" : "node:", path,
                 side_text(e->side), xcheck_tree_value_text(e->core, v, sizeof v),
                 t->alphabeta ? ", window " : "",
                 t->alphabeta ? xcheck_tree_window_text(e->alpha, e->beta, win, sizeof win) : "",
                 t->alphabeta && e->cut ? ", cut" : "");
    }
}

/* The calculator entered x (a node the core's search of this kind does
 * not visit, or not now, where it enters e): says which. */
static void entry_mismatch(xcheck_tree *t, const xcheck_tree_node *x, const xcheck_tree_node *e)
{
    char what[512], a[160], b[160], w[64], v[24];
    long k = xcheck_tree_find(t, &x->path);
    xcheck_tree_path_text(t, &x->path, a, sizeof a);
    if (k < 0) {
        snprintf(what, sizeof what, "the calculator entered %s, which the core's tree does not "
                 "have", a);
    } else if (t->expect[k].visit == 0) {
        /* Visited, but skipped by the core: the nearest ancestor that cut
         * should have stopped before it. */
        const xcheck_tree_node *cut = NULL;
        for (long up = t->expect[k].parent; up >= 0; up = t->expect[up].parent)
            if (t->expect[up].visit > 0 && t->expect[up].cut) {
                cut = &t->expect[up];
                break;
            }
        int n = snprintf(what, sizeof what, "the calculator visited %s, which the core's search "
                         "skips: it should have been cut", a);
        if (cut && n > 0 && (size_t)n < sizeof what)
            snprintf(what + n, sizeof what - (size_t)n,
                     " (%s cuts before it: its best %s has reached the bound of its window %s)",
                     xcheck_tree_path_text(t, &cut->path, b, sizeof b),
                     xcheck_tree_value_text(cut->core, v, sizeof v),
                     xcheck_tree_window_text(cut->alpha, cut->beta, w, sizeof w));
    } else if (e) {
        snprintf(what, sizeof what, "the calculator skipped %s, which the core's search visits "
                 "next: it should have been visited",
                 xcheck_tree_path_text(t, &e->path, b, sizeof b));
    } else {
        snprintf(what, sizeof what, "the calculator entered %s again", a);
    }
    node_mismatch(t, x, t->entered - 1, true, e, what);
}

/* ---- following the search -------------------------------------------------- */

/* The window a node at level l is entered with, from the running bests of
 * the levels above (the same as the machine's, read when it finishes). */
static void entry_window(xcheck_tree *t, int l)
{
    struct xcheck_tree_priv *p = t->priv;
    double a = -INFINITY, b = INFINITY;
    for (int k = 1; t->alphabeta && k < l; k++) {
        if (!p->has_best[k])
            continue;
        if (p->side_at[k] == XCHECK_TREE_CALC && p->best[k] > a)
            a = p->best[k];
        else if (p->side_at[k] == XCHECK_TREE_PERSON && p->best[k] < b)
            b = p->best[k];
    }
    p->alpha_at[l] = a;
    p->beta_at[l] = b;
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
        t->alphabeta = alphabeta_now(t, m);
        xcheck_tree_expect(t);
    }
    if (!t->searching || l >= XCHECK_TREE_LEVELS)
        return;
    p->start_steps[l] = m->executed - 1;
    p->start_ms[l] = p->ms - ms_before;
    p->visit_at[l] = ++t->entered;
    p->cut_at[l] = false;
    p->has_best[l] = false;
    p->side_at[l] = side_in(t, m, p->s.mover);
    entry_window(t, l);
    if (p->mismatched || t->nexpect == 0)
        return;
    xcheck_tree_node x = {.path = path_at(t, m, l), .side = p->side_at[l], .pc = m->pc};
    const xcheck_tree_node *e = t->entered <= p->npre ? &t->expect[p->pre[t->entered - 1]] : NULL;
    if (!e || !xcheck_tree_path_eq(&x.path, &e->path))
        entry_mismatch(t, &x, e);
}

/* The calculator's finished node n (index i) against the core's next. */
static void check_finished(xcheck_tree *t, const xcheck_tree_node *n, long i)
{
    struct xcheck_tree_priv *p = t->priv;
    if (p->mismatched || t->nexpect == 0)
        return;
    const xcheck_tree_node *e = i < p->nseq ? &t->expect[p->seq[i]] : NULL;
    char what[320], a[160];
    if (!e) {
        node_mismatch(t, n, i, false, NULL,
                      "the calculator finished a node more than the core's search");
    } else if (!xcheck_tree_path_eq(&n->path, &e->path)) {
        /* The entries agree so far: the core enters a node before it
         * finishes this one, which the calculator skipped. */
        const xcheck_tree_node *next =
            t->entered < p->npre ? &t->expect[p->pre[t->entered]] : NULL;
        if (next && xcheck_tree_path_prefix(&n->path, &next->path)) {
            char b[160];
            snprintf(what, sizeof what, "the calculator skipped %s, which the core's search "
                     "visits: it should have been visited (%s %s before it)",
                     xcheck_tree_path_text(t, &next->path, a, sizeof a),
                     xcheck_tree_path_text(t, &n->path, b, sizeof b),
                     n->cut ? "cut" : "was left");
            node_mismatch(t, n, i, false, next, what);
        } else {
            node_mismatch(t, n, i, false, e,
                          "the calculator finished another node than the core's next");
        }
    } else if (n->side != e->side) {
        node_mismatch(t, n, i, false, e, "the side to move differs");
    } else if (!n->calc_ok || n->calc != e->core) {
        node_mismatch(t, n, i, false, e, "the calculator's value differs from the core's");
    } else if (t->alphabeta && (n->alpha != e->alpha || n->beta != e->beta)) {
        node_mismatch(t, n, i, false, e, "the window the calculator searched it with differs");
    } else if (n->cut != e->cut) {
        node_mismatch(t, n, i, false, e,
                      n->cut ? "the calculator cut it, the core's search does not"
                             : "the core's search cuts it, the calculator does not");
    } else {
        t->nodes_checked++;
    }
}

/* The machine is at an address where a node at level l is finished. */
static void finish(xcheck_tree *t, const vm_machine *m, int l)
{
    struct xcheck_tree_priv *p = t->priv;
    if (!t->searching || l >= XCHECK_TREE_LEVELS)
        return;
    xcheck_tree_node *n = xcheck_tree_grow(&t->found, t->nfound, &p->cap_found);
    if (!n)
        return;
    memset(n, 0, sizeof *n);
    n->path = path_at(t, m, l);
    n->side = side_in(t, m, p->s.mover);
    n->parent = -1;
    n->extra = n->path.len > 0 && n->path.side[n->path.len - 1] == n->side;
    n->visit = p->visit_at[l];
    n->finished = true;
    int64_t value;
    n->calc_ok = vm_whole(m->x, &value) && value > -CALC_MAX && value < CALC_MAX;
    n->calc = n->calc_ok ? (double)value : vm_num_to_double(m->x);
    n->steps = m->executed - p->start_steps[l] + 1;
    n->ms = p->ms + vm_next_ms(m) - p->start_ms[l];
    n->pc = m->pc;
    n->code = m->prog[vm_cell(m, m->pc)];
    n->cut = p->cut_at[l];
    n->core = n->minimax = NAN;
    if (t->alphabeta)
        machine_window(t, m, l, &n->alpha, &n->beta);
    else
        n->alpha = -INFINITY, n->beta = INFINITY;
    long i = t->nfound++;
    long k = xcheck_tree_find(t, &n->path);
    if (k >= 0) {
        xcheck_tree_node *e = &t->expect[k];
        n->core = e->core;
        n->core_ok = e->core_ok;
        n->minimax = e->minimax;
        n->leaf = e->leaf;
        n->alphabeta_drawn = e->alphabeta_drawn;
        n->alphabeta_ordered = e->alphabeta_ordered;
        n->alphabeta003 = e->alphabeta003;
        n->agree = n->calc_ok && e->core_ok && n->calc == e->core && n->side == e->side &&
                   n->cut == e->cut &&
                   (!t->alphabeta || (n->alpha == e->alpha && n->beta == e->beta));
        e->finished = true;
        e->calc = n->calc;
        e->calc_ok = n->calc_ok;
        e->agree = n->agree;
        e->steps = n->steps;
        e->ms = n->ms;
        e->pc = n->pc;
        e->code = n->code;
    }
    check_finished(t, n, i);
    if (l > 1) { /* the parent's running best: strictly better only */
        int up = l - 1;
        bool max = p->side_at[up] == XCHECK_TREE_CALC;
        if (n->calc_ok && (!p->has_best[up] || (max ? n->calc > p->best[up]
                                                    : n->calc < p->best[up]))) {
            p->best[up] = n->calc;
            p->has_best[up] = true;
        }
    }
    if (l == 1) {
        t->searching = false;
        t->done = true;
        xcheck_tree_path best;
        xcheck_tree_best_line(t, &best);
        t->chosen = best.len ? best.pit[0] : 0;
        if (!p->mismatched && t->nexpect > 0 && t->nfound != p->nseq) {
            char what[96];
            snprintf(what, sizeof what, "the calculator finished %ld nodes, the core's search %ld",
                     t->nfound, p->nseq);
            node_mismatch(t, n, i, false, NULL, what);
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
    else if (at == AT_CUT)
        p->cut_at[l] = t->searching;
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
    if (!t->priv || !t->searching)
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

int xcheck_tree_line_now(const xcheck_tree *t, const vm_machine *m, xcheck_tree_path *path,
                         xcheck_tree_bound line[XCHECK_TREE_PLY_MAX + 1])
{
    if (!xcheck_tree_current(t, m, path) || path->len + 1 >= XCHECK_TREE_LEVELS)
        return 0;
    const struct xcheck_tree_priv *p = t->priv;
    for (int i = 0; i <= path->len; i++) {
        int l = i + 1;
        line[i] = (xcheck_tree_bound){.side = p->side_at[l],
                                      .visit = p->visit_at[l],
                                      .has_best = p->has_best[l],
                                      .best = p->has_best[l] ? p->best[l] : NAN,
                                      .alpha = p->alpha_at[l],
                                      .beta = p->beta_at[l]};
    }
    return path->len + 1;
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
