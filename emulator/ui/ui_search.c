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

/* A new search: every node of the tracker's annotated tree (the full
 * tree: every legal node to the depth), with the core's annotations: who
 * moves, the order the calculator's search enters it (0: it skips it),
 * the core's value, the alpha-betas that visit it. In the start-up's run
 * (the calculator moving first) the watcher has no game yet: who moves
 * first is the start-up's X. */
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
    t->alphabeta = tr->alphabeta;
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
        n->extra = e->extra;
        n->over = kalah_over(&x->rules, &n->pos);
        n->visit = (int)e->visit;
        n->expected = e->visit > 0;
        n->core = e->core;
        n->in[UI_SEARCH_SET_CALC] = e->visit > 0;
        n->in[UI_SEARCH_SET_DRAWN] = e->alphabeta_drawn;
        n->in[UI_SEARCH_SET_ORDERED] = e->alphabeta_ordered;
        n->alpha = -INFINITY;
        n->beta = INFINITY;
        n->cut_core = e->cut;
    }
    xcheck_tree_counts c = xcheck_tree_count(tr);
    t->set_nodes[UI_SEARCH_SET_CALC] = c.visited;
    t->set_nodes[UI_SEARCH_SET_DRAWN] = c.alphabeta_drawn;
    t->set_nodes[UI_SEARCH_SET_ORDERED] = c.alphabeta;
    t->have_set[UI_SEARCH_SET_CALC] = true;
    t->have_set[UI_SEARCH_SET_DRAWN] = tr->prune_counts || tr->alphabeta;
    t->have_set[UI_SEARCH_SET_ORDERED] = tr->prune_counts;
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
        n->alpha = f->alpha; /* the window and the cut as the machine had them */
        n->beta = f->beta;
        n->cut = f->cut;
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
    if (isnan(v)) {
        snprintf(buf, size, "?");
    } else if (isinf(v)) {
        snprintf(buf, size, "%s∞", v > 0 ? "+" : "\u2212");
    } else if (scale > 1 && fabs(v) >= scale) {
        /* not 0 (|v| >= scale); a margin of stones, clamped only so
         * that the text's length is known */
        long e = lround(v / scale);
        e = e > 99999 ? 99999 : e < -99999 ? -99999 : e;
        snprintf(buf, size, "end %s%ld", e > 0 ? "+" : "\u2212", e > 0 ? e : -e);
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
    int up = ui_search_parent(k), sib[P], n = ui_search_children(t, up, sib), i = 0;
    while (i < n && sib[i] != k)
        i++;
    bool last = i + 1 == n || !ui_search_visits(t, sib[i + 1], set);
    /* The calculator's alpha-beta: its parent cut (perhaps with no move
     * left to skip), after its last child visited. Another set: k visited,
     * the next sibling not. */
    if (set == UI_SEARCH_SET_CALC && t->alphabeta)
        return last && t->node[up].cut_core;
    return i + 1 < n && last;
}

/* Node k's place on the line being searched now (0 the root), -1 when it
 * is not on it; line and its length from xcheck_tree_line_now. */
static int on_line_now(const ui_search *t, const vm_machine *m, int k,
                       xcheck_tree_bound line[XCHECK_TREE_PLY_MAX + 1])
{
    xcheck_tree_path path;
    if (!t->on || !m || t->generation != t->tree.searches || k < 0 || k >= UI_SEARCH_NODES)
        return -1;
    int n = xcheck_tree_line_now(&t->tree, m, &path, line);
    int d = t->node[k].depth;
    if (d >= n)
        return -1;
    path.len = d;
    return index_of(&path) == k ? d : -1;
}

bool ui_search_bound(const ui_search *t, const vm_machine *m, int k, double *v)
{
    xcheck_tree_bound line[XCHECK_TREE_PLY_MAX + 1];
    int i = on_line_now(t, m, k, line);
    if (i < 0 || !line[i].has_best)
        return false;
    *v = line[i].best;
    return true;
}

void ui_search_window(const ui_search *t, const vm_machine *m, int k, double *alpha,
                      double *beta)
{
    *alpha = -INFINITY;
    *beta = INFINITY;
    if (k < 0 || k >= UI_SEARCH_NODES)
        return;
    if (t->node[k].state == UI_NODE_DONE) { /* the window it was searched with */
        *alpha = t->node[k].alpha;
        *beta = t->node[k].beta;
        return;
    }
    xcheck_tree_bound line[XCHECK_TREE_PLY_MAX + 1];
    int i = on_line_now(t, m, k, line); /* on the line being searched: its window now */
    if (i >= 0) {
        *alpha = line[i].alpha;
        *beta = line[i].beta;
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
        snprintf(buf, size, "level %d · %s%s: %s", c + 1,
                 calc ? "the calculator picks" : "you pick", again ? " again (extra turn)" : "",
                 calc ? "MAX" : "MIN");
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
    if (ui_search_bound(t, m, now, &v)) {
        ui_search_value_text(t, v, value, sizeof value);
        snprintf(bound, sizeof bound, ": %s %s so far", n->calc_moves ? "≥" : "≤", value);
    } else if (n->depth >= t->depth || n->over) {
        snprintf(bound, sizeof bound, ": a leaf");
    }
    ui_search_window(t, m, now, &a, &b);
    ui_search_window_text(t, a, b, window, sizeof window);
    char win[80] = "";
    if (t->alphabeta) /* minimax has no window */
        snprintf(win, sizeof win, ", window %s", window);
    if (now == 0) {
        snprintf(buf, size, "searching now: the root (the calculator chooses)%s%s", bound, win);
        return;
    }
    ui_search_path_name(t, now, path, sizeof path);
    bool calc = t->node[ui_search_parent(now)].calc_moves;
    snprintf(buf, size, "searching now: %s (level %d, %s)%s%s", path, n->depth,
             calc ? "the calculator's move" : "your move", bound, win);
}
