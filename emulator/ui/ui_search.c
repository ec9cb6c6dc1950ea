/* The Search panel's model: the tree of the search under way (ui_search.h). */
#include "ui_search.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define P XCHECK_PITS

_Static_assert(UI_SEARCH_DEPTH_MAX == 3, "UI_SEARCH_NODES counts the nodes of 3 levels");

/* The first index of each depth's nodes: 1 + P + ... + P^(k-1). */
static const int level_first[UI_SEARCH_DEPTH_MAX + 2] = {0, 1, 1 + P, 1 + P + P * P,
                                                         UI_SEARCH_NODES};

void ui_search_free(ui_search *t)
{
    xcheck_tree_free(&t->tree);
}

void ui_search_init(ui_search *t, const vm_program *prog, const vm_decl *decl)
{
    ui_search_free(t);
    memset(t, 0, sizeof *t);
    t->tracking = xcheck_tree_init(&t->tree, prog, decl, t->why, sizeof t->why);
}

int ui_search_index(const int *path, int n)
{
    if (n < 0 || n > UI_SEARCH_DEPTH_MAX)
        return -1;
    int k = 0;
    for (int i = 0; i < n; i++) {
        if (path[i] < 1 || path[i] > P)
            return -1;
        k = P * k + path[i] - 1;
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
    for (int i = n - 1; i >= 0; i--, k /= P)
        path[i] = k % P + 1;
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
    t->person_first = x->watching == XCHECK_RUN_START ? !vm_num_is_zero(x->input[0])
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

/* ---- the node searched now ---------------------------------------------------- */

int ui_search_current(const ui_search *t, const vm_machine *m)
{
    xcheck_tree_path path;
    if (!t->on || t->generation != t->tree.searches || !xcheck_tree_current(&t->tree, m, &path))
        return -1;
    int k = index_of(&path);
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

void ui_search_value_text(const ui_search *t, double v, char *buf, size_t size)
{
    int scale = t->tree.final_scale > 0 ? t->tree.final_scale : 1;
    if (isnan(v))
        snprintf(buf, size, "?");
    else if (scale > 1 && fabs(v) >= scale)
        snprintf(buf, size, "end %+d", (int)lround(v / scale));
    else if (v == 0)
        snprintf(buf, size, "0");
    else
        snprintf(buf, size, "%+d", (int)lround(v));
}
