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

void ui_search_clear(ui_search *t)
{
    if (t->tracking)
        xcheck_tree_reset(&t->tree);
    t->on = false;
    t->serial++;
    t->taken = 0;
    t->finished = t->mismatches = 0;
    t->depth = 0;
    memset(t->node, 0, sizeof t->node);
    memset(&t->counts, 0, sizeof t->counts);
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

/* Every legal node below k, whose position is p (the person South, as the
 * tracker's root): its position oriented as the game, its mover, whether
 * the game is over there. */
static void grow(ui_search *t, const kalah_rules *r, int k, const kalah_pos *p, int depth)
{
    ui_search_node *n = &t->node[k];
    n->legal = true;
    n->depth = (uint8_t)depth;
    n->calc_moves = p->to_move == KALAH_NORTH; /* the tracker's root: the person South */
    n->over = kalah_over(r, p);
    n->pos = t->person_first ? *p : kalah_pos_rotate(p);
    n->alpha = -INFINITY;
    n->beta = INFINITY;
    int first = ui_search_child(k);
    if (first < 0 || depth >= t->depth || n->over)
        return;
    for (int pit = 1; pit <= P; pit++) {
        kalah_pos c = *p;
        if (kalah_play(r, &c, pit, NULL, NULL) == KALAH_OK)
            grow(t, r, first + pit - 1, &c, depth + 1);
    }
}

/* Numbers the nodes of the calculator's set in the order its search enters
 * them: preorder, children in the order drawn. */
static int number(ui_search *t, int k, int next)
{
    ui_search_node *n = &t->node[k];
    if (!n->legal || !n->in[UI_SEARCH_SET_CALC])
        return next;
    n->visit = next++;
    int first = ui_search_child(k);
    for (int i = 0; first >= 0 && i < P; i++)
        next = number(t, first + i, next);
    return next;
}

/* A new search: every legal node, and those the core's search has, with
 * its value; the sets known (the core's alpha-beta in its own order from
 * the tracker's expected nodes). In the start-up's run (the calculator
 * moving first) the watcher has no game yet: who moves first is the
 * start-up's X. */
static void begin(ui_search *t, const xcheck *x)
{
    const xcheck_tree *tr = &t->tree;
    t->on = true;
    t->generation = tr->searches;
    t->serial++;
    t->taken = 0;
    t->finished = t->mismatches = 0;
    t->depth = tr->depth <= UI_SEARCH_DEPTH_MAX ? tr->depth : 0;
    t->person_first = x->watching == XCHECK_RUN_START ? !vm_num_is_zero(x->input[0])
                                                      : x->person_first;
    t->alphabeta = false;
    memset(t->node, 0, sizeof t->node);
    memset(t->have_set, 0, sizeof t->have_set);
    memset(t->set_nodes, 0, sizeof t->set_nodes);
    if (t->depth > 0)
        grow(t, &x->rules, 0, &tr->root, 0);
    for (long i = 0; i < tr->nexpect; i++) {
        const xcheck_tree_node *e = &tr->expect[i];
        int k = index_of(&e->path);
        if (k < 0 || !t->node[k].legal)
            continue;
        ui_search_node *n = &t->node[k];
        n->expected = true;
        n->core = e->core;
        n->in[UI_SEARCH_SET_CALC] = true;
        n->in[UI_SEARCH_SET_ORDERED] = e->alphabeta;
        t->set_nodes[UI_SEARCH_SET_CALC]++;
        t->set_nodes[UI_SEARCH_SET_ORDERED] += e->alphabeta;
    }
    t->have_set[UI_SEARCH_SET_CALC] = true;
    t->have_set[UI_SEARCH_SET_ORDERED] = tr->prune_counts;
    number(t, 0, 1);
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
        ui_search_window(t, k, &n->alpha, &n->beta); /* before it counts as finished */
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

/* "+3", "−2" (U+2212), "0". */
static void signed_text(long v, char *buf, size_t size)
{
    if (v == 0)
        snprintf(buf, size, "0");
    else
        snprintf(buf, size, "%s%ld", v > 0 ? "+" : "\u2212", v > 0 ? v : -v);
}

void ui_search_value_text(const ui_search *t, double v, char *buf, size_t size)
{
    int scale = t->tree.final_scale > 0 ? t->tree.final_scale : 1;
    char n[24];
    if (isnan(v)) {
        snprintf(buf, size, "?");
    } else if (isinf(v)) {
        snprintf(buf, size, "%s∞", v > 0 ? "+" : "\u2212");
    } else if (scale > 1 && fabs(v) >= scale) {
        signed_text(lround(v / scale), n, sizeof n);
        snprintf(buf, size, "end %s", n);
    } else {
        signed_text(lround(v), buf, size);
    }
}

/* ---- what the view teaches ------------------------------------------------ */

bool ui_search_visits(const ui_search *t, int k, ui_search_set set)
{
    return k >= 0 && k < UI_SEARCH_NODES && set >= 0 && set < UI_SEARCH_SETS &&
           t->node[k].legal && t->node[k].in[set];
}

int ui_search_children(const ui_search *t, int k, int out[XCHECK_PITS])
{
    int first = k >= 0 && k < UI_SEARCH_NODES && t->node[k].legal ? ui_search_child(k) : -1, n = 0;
    for (int i = 0; first >= 0 && i < P; i++)
        if (t->node[first + i].legal)
            out[n++] = first + i;
    return n;
}

int ui_search_rank(const ui_search *t, int k)
{
    if (k <= 0 || k >= UI_SEARCH_NODES || !t->node[k].legal)
        return k == 0 && t->node[0].legal ? 0 : -1;
    int sib[P], n = ui_search_children(t, ui_search_parent(k), sib);
    for (int i = 0; i < n; i++)
        if (sib[i] == k)
            return i;
    return -1;
}

bool ui_search_cut_after(const ui_search *t, int k, ui_search_set set)
{
    if (!ui_search_visits(t, k, set) || k == 0)
        return false;
    int sib[P], n = ui_search_children(t, ui_search_parent(k), sib), i = 0;
    while (i < n && sib[i] != k)
        i++;
    /* k visited, the next sibling not: the search stopped here. */
    return i + 1 < n && !ui_search_visits(t, sib[i + 1], set);
}

bool ui_search_bound(const ui_search *t, int k, double *v)
{
    int kids[P], n = ui_search_children(t, k, kids);
    bool any = false, max = t->node[k].calc_moves;
    for (int i = 0; i < n; i++) {
        const ui_search_node *c = &t->node[kids[i]];
        if (c->state != UI_NODE_DONE)
            continue;
        if (!any || (max ? c->calc > *v : c->calc < *v))
            *v = c->calc;
        any = true;
    }
    return any;
}

void ui_search_window(const ui_search *t, int k, double *alpha, double *beta)
{
    *alpha = -INFINITY;
    *beta = INFINITY;
    if (k < 0 || k >= UI_SEARCH_NODES)
        return;
    if (t->node[k].state == UI_NODE_DONE) {
        *alpha = t->node[k].alpha;
        *beta = t->node[k].beta;
        return;
    }
    for (int a = ui_search_parent(k); a >= 0; a = ui_search_parent(a)) {
        double v;
        if (!ui_search_bound(t, a, &v))
            continue;
        if (t->node[a].calc_moves && v > *alpha)
            *alpha = v;
        else if (!t->node[a].calc_moves && v < *beta)
            *beta = v;
    }
}

void ui_search_window_text(const ui_search *t, double alpha, double beta, char *buf,
                           size_t size)
{
    char a[24], b[24];
    ui_search_value_text(t, alpha, a, sizeof a);
    ui_search_value_text(t, beta, b, sizeof b);
    snprintf(buf, size, "[%s, %s]", a, b);
}

void ui_search_node_value_text(const ui_search *t, int k, char *buf, size_t size)
{
    const ui_search_node *n = &t->node[k];
    char v[24];
    ui_search_value_text(t, n->calc, v, sizeof v);
    if (t->alphabeta && n->calc >= n->beta)
        snprintf(buf, size, "≥ %s", v);
    else if (t->alphabeta && n->calc <= n->alpha)
        snprintf(buf, size, "≤ %s", v);
    else
        snprintf(buf, size, "%s", v);
}

void ui_search_counts_text(const ui_search *t, int brevity, char *buf, size_t size)
{
    long calc = t->counts.calc, core = t->set_nodes[UI_SEARCH_SET_CALC], all = 0;
    for (int k = 0; k < UI_SEARCH_NODES; k++)
        all += t->node[k].legal;
    const char *sofar = t->node[0].state == UI_NODE_DONE ? "" : " so far";
    if (brevity >= 2)
        snprintf(buf, size, "%ld%s, core %ld", calc, sofar, core);
    else if (t->alphabeta)
        snprintf(buf, size, brevity ? "nodes: calculator %ld%s · core %ld · minimax %ld"
                                    : "nodes: the calculator %ld%s · the core's alpha-beta %ld "
                                      "· minimax %ld",
                 calc, sofar, core, all);
    else
        snprintf(buf, size, brevity ? "nodes: calculator %ld%s · core %ld"
                                    : "nodes: the calculator %ld%s · the core's minimax %ld",
                 calc, sofar, core);
}

void ui_search_level_text(const ui_search *t, const int *focus, int nfocus, int c, bool brief,
                          char *buf, size_t size)
{
    if (c < 0 || c >= nfocus || !t->node[focus[c]].legal) {
        snprintf(buf, size, "level %d", c + 1);
        return;
    }
    bool calc = t->node[focus[c]].calc_moves;
    bool again = c > 0 && t->node[focus[c - 1]].calc_moves == calc;
    if (brief)
        snprintf(buf, size, "level %d: %s%s, %s", c + 1, calc ? "calc." : "you",
                 again ? " again" : "", calc ? "MAX" : "MIN");
    else
        snprintf(buf, size, "level %d · %s%s: %s", c + 1, calc ? "the calculator" : "you",
                 again ? " again (extra turn)" : "", calc ? "MAX" : "MIN");
}

void ui_search_now_text(const ui_search *t, const vm_machine *m, char *buf, size_t size)
{
    buf[0] = '\0';
    if (!t->on)
        return;
    int now = ui_search_current(t, m);
    const ui_search_node *root = &t->node[0];
    char path[64], value[24], bound[48] = "", window[64];
    if (now < 0) {
        if (root->state != UI_NODE_DONE) {
            snprintf(buf, size, "stopped inside the search");
            return;
        }
        ui_search_value_text(t, root->calc, value, sizeof value);
        int best[UI_SEARCH_DEPTH_MAX + 1], n = ui_search_best_line(t, best);
        if (n > 1)
            ui_search_move_name(t, best[1], path, sizeof path);
        snprintf(buf, size, "finished: value %s%s%s, %ld of %ld nodes agree", value,
                 n > 1 ? " by " : "", n > 1 ? path : "", t->finished - t->mismatches,
                 t->finished);
        return;
    }
    const ui_search_node *n = &t->node[now];
    double v, a, b;
    if (ui_search_bound(t, now, &v)) {
        ui_search_value_text(t, v, value, sizeof value);
        snprintf(bound, sizeof bound, ": %s %s so far", n->calc_moves ? "≥" : "≤", value);
    } else if (n->depth >= t->depth || n->over) {
        snprintf(bound, sizeof bound, ": a leaf");
    }
    ui_search_window(t, now, &a, &b);
    ui_search_window_text(t, a, b, window, sizeof window);
    if (now == 0) {
        snprintf(buf, size, "searching now: the root (the calculator chooses)%s, window %s", bound,
                 window);
        return;
    }
    ui_search_path_name(t, now, path, sizeof path);
    bool calc = t->node[ui_search_parent(now)].calc_moves;
    snprintf(buf, size, "searching now: %s (level %d, %s)%s, window %s", path, n->depth,
             calc ? "the calculator's move" : "your move", bound, window);
}
