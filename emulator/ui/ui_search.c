/* The Search panel's model: the tree of the search under way (ui_search.h). */
#include "ui_search.h"

#include "vm_isa.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* The first index of each depth's nodes: 1 + 6 + ... + 6^(k-1). */
static const int level_first[UI_SEARCH_DEPTH_MAX + 2] = {0, 1, 7, 43, 259};

void ui_search_free(ui_search *t)
{
    xcheck_tree_free(&t->tree);
}

void ui_search_init(ui_search *t, const vm_program *prog)
{
    ui_search_free(t);
    memset(t, 0, sizeof *t);
    t->tracking = xcheck_tree_init(&t->tree, prog, t->why, sizeof t->why);
    const vm_search *d = &prog->search;
    t->routine = t->tracking ? d->node : -1;
    for (int i = 0; i < UI_SEARCH_DEPTH_MAX; i++)
        t->pit_reg[i] = t->tracking && i < d->levels ? d->pit[i] : -1;
}

int ui_search_index(const int *path, int n)
{
    if (n < 0 || n > UI_SEARCH_DEPTH_MAX)
        return -1;
    int k = 0;
    for (int i = 0; i < n; i++) {
        if (path[i] < 1 || path[i] > 6)
            return -1;
        k = 6 * k + path[i] - 1;
    }
    return level_first[n] + k;
}

static int depth_of(int index)
{
    int d = 0;
    while (d < UI_SEARCH_DEPTH_MAX && index >= level_first[d + 1])
        d++;
    return d;
}

int ui_search_path(int index, int path[UI_SEARCH_DEPTH_MAX])
{
    if (index < 0 || index >= UI_SEARCH_NODES)
        return -1;
    int n = depth_of(index), k = index - level_first[n];
    for (int i = n - 1; i >= 0; i--, k /= 6)
        path[i] = k % 6 + 1;
    return n;
}

int ui_search_child(int index)
{
    int path[UI_SEARCH_DEPTH_MAX + 1];
    int n = ui_search_path(index, path);
    if (n < 0 || n >= UI_SEARCH_DEPTH_MAX)
        return -1;
    path[n] = 1;
    return ui_search_index(path, n + 1);
}

int ui_search_parent(int index)
{
    int path[UI_SEARCH_DEPTH_MAX];
    int n = ui_search_path(index, path);
    return n > 0 ? ui_search_index(path, n - 1) : -1;
}

/* ---- the view of the tracker's search ---------------------------------- */

static int index_of(const xcheck_tree_path *path)
{
    int pits[UI_SEARCH_DEPTH_MAX];
    if (path->len > UI_SEARCH_DEPTH_MAX)
        return -1;
    for (int i = 0; i < path->len; i++)
        pits[i] = path->pit[i];
    return ui_search_index(pits, path->len);
}

/* A new search: every node the core's search has, with its value. In the
 * start-up's run (the calculator moving first) the watcher has no game
 * yet: who moves first is the start-up's X. */
static void begin(ui_search *t, const xcheck *x)
{
    const xcheck_tree *tr = &t->tree;
    t->on = true;
    t->generation = tr->searches;
    t->taken = 0;
    t->finished = t->mismatches = 0;
    t->depth = tr->depth <= UI_SEARCH_DEPTH_MAX ? tr->depth : 0;
    t->person_first = x->watching == XCHECK_RUN_START ? vm_num_to_double(x->input[0]) != 0
                                                      : x->person_first;
    memset(t->node, 0, sizeof t->node);
    for (long i = 0; i < tr->nexpect; i++) {
        const xcheck_tree_node *e = &tr->expect[i];
        int k = index_of(&e->path);
        if (k < 0)
            continue;
        ui_search_node *n = &t->node[k];
        n->legal = xcheck_tree_position(tr, &e->path, t->person_first, &n->pos);
        n->depth = (uint8_t)e->path.len;
        n->calc_moves = e->side == XCHECK_TREE_CALC;
        n->over = kalah_over(&x->rules, &n->pos);
        n->core = e->core;
    }
}

void ui_search_feed(ui_search *t, const xcheck *x)
{
    if (!t->tracking)
        return;
    xcheck_tree *tr = &t->tree;
    xcheck_tree_step(tr, &x->m);
    if (tr->searches == t->generation && tr->nfound == t->taken)
        return;
    if (tr->searches != t->generation)
        begin(t, x);
    for (; t->taken < tr->nfound; t->taken++) {
        const xcheck_tree_node *f = &tr->found[t->taken];
        int k = index_of(&f->path);
        if (k < 0 || !t->node[k].legal)
            continue;
        ui_search_node *n = &t->node[k];
        n->state = UI_NODE_DONE;
        n->calc = f->calc;
        n->ok = f->agree;
        n->spent = f->steps;
        t->finished++;
        if (!n->ok)
            t->mismatches++;
    }
    t->counts = xcheck_tree_count(tr);
}

/* ---- the node searched now, from the machine ------------------------------ */

/* Whether a return address is that of a call (ПП) to the node routine. */
static bool search_frame(const ui_search *t, const vm_machine *m, int ret)
{
    return ret >= 2 && ret <= m->steps && m->prog[ret - 2] == VM_OP_GSB &&
           vm_cell_address(m, m->prog[ret - 1]) == t->routine;
}

/* The node routine's frames on the return stack. */
static int frames(const ui_search *t, const vm_machine *m)
{
    int n = 0;
    for (int i = 0; i < m->rsp && i < VM_RSTACK; i++)
        if (search_frame(t, m, m->rstack[i]))
            n++;
    return n;
}

/* The node at depth n of the path the level registers hold. */
static int node_at(const ui_search *t, const vm_machine *m, int n)
{
    int path[UI_SEARCH_DEPTH_MAX];
    if (n < 0 || n > UI_SEARCH_DEPTH_MAX)
        return -1;
    for (int i = 0; i < n; i++) {
        if (t->pit_reg[i] < 0 || t->pit_reg[i] >= m->regs)
            return -1;
        double v = vm_num_to_double(m->reg[t->pit_reg[i]]);
        if (!(v >= 1 && v <= 6 && v == floor(v)))
            return -1;
        path[i] = (int)v;
    }
    return ui_search_index(path, n);
}

int ui_search_current(const ui_search *t, const vm_machine *m)
{
    if (!t->on || t->routine < 0 || !m->running || t->generation != t->tree.searches ||
        !t->tree.searching)
        return -1;
    int f = frames(t, m);
    if (f == 0)
        return -1;
    int k = node_at(t, m, f - 1);
    return k >= 0 && t->node[k].legal ? k : -1;
}

/* ---- reading the tree ---------------------------------------------------- */

int ui_search_best_line(const ui_search *t, int line[UI_SEARCH_DEPTH_MAX + 1])
{
    if (!t->on || !t->node[0].legal)
        return 0;
    xcheck_tree_path best;
    xcheck_tree_best_line(&t->tree, &best);
    int n = 0;
    line[n++] = 0;
    for (int i = 1; i <= best.len && i <= UI_SEARCH_DEPTH_MAX; i++) {
        xcheck_tree_path p = best;
        p.len = i;
        int k = index_of(&p);
        if (k < 0)
            break;
        line[n++] = k;
    }
    return n;
}

int ui_search_focus(const ui_search *t, const vm_machine *m, int pick,
                    int line[UI_SEARCH_DEPTH_MAX + 1])
{
    int k = pick >= 0 && pick < UI_SEARCH_NODES ? pick : ui_search_current(t, m);
    if (k < 0)
        return ui_search_best_line(t, line);
    int n = depth_of(k) + 1;
    for (int i = n - 1; i >= 0; i--, k = ui_search_parent(k))
        line[i] = k;
    return n;
}

/* The tracker's path of a node: its pits, and who played each (who was to
 * move at the node above). */
static xcheck_tree_path to_path(const ui_search *t, int index)
{
    int pits[UI_SEARCH_DEPTH_MAX];
    xcheck_tree_path p = {.len = ui_search_path(index, pits)};
    if (p.len < 0)
        p.len = 0;
    for (int i = p.len - 1, k = ui_search_parent(index); i >= 0; i--, k = ui_search_parent(k)) {
        p.pit[i] = (int8_t)pits[i];
        p.side[i] = (int8_t)(t->node[k].calc_moves ? XCHECK_TREE_CALC : XCHECK_TREE_PERSON);
    }
    return p;
}

void ui_search_move_name(const ui_search *t, int index, char *buf, size_t size)
{
    xcheck_tree_path p = to_path(t, index);
    if (p.len == 0)
        snprintf(buf, size, "root");
    else
        xcheck_tree_pit_name(&t->tree, p.side[p.len - 1], p.pit[p.len - 1], buf, size);
}

void ui_search_path_name(const ui_search *t, int index, char *buf, size_t size)
{
    xcheck_tree_path p = to_path(t, index);
    xcheck_tree_path_text(&t->tree, &p, buf, size);
}

void ui_search_value_text(double v, char *buf, size_t size)
{
    if (isnan(v))
        snprintf(buf, size, "?");
    else if (fabs(v) >= 100)
        snprintf(buf, size, "end %+d", (int)lround(v / 100));
    else if (v == 0)
        snprintf(buf, size, "0");
    else
        snprintf(buf, size, "%+d", (int)lround(v));
}
