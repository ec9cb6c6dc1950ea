/* The Search panel's model: the tree of the search under way (ui_search.h). */
#include "ui_search.h"

#include "kalah_search.h"
#include "vm_isa.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* The first index of each depth's nodes: 1 + 6 + ... + 6^(k-1). */
static const int level_first[UI_SEARCH_DEPTH_MAX + 2] = {0, 1, 7, 43, 259};

/* The level registers (programs/kalah.md): the pit tried at level L is
 * register LEVEL_PIT + L. */
#define LEVEL_PIT 15

void ui_search_init(ui_search *t, const vm_program *prog)
{
    memset(t, 0, sizeof *t);
    t->routine = -1;
    for (int a = 0; a < prog->length && a < VM_MAX_STEPS; a++)
        if (!strcmp(prog->label[a], "S"))
            t->routine = a;
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

/* ---- the core's tree ---------------------------------------------------- */

/* A core value (for the side to move in p, KALAH_TERMINAL a stone of final
 * margin) on the calculator's side and scale (100 a stone of margin). */
static double calc_scale(const ui_search *t, const kalah_pos *p, double v)
{
    int calc = t->person_first ? KALAH_NORTH : KALAH_SOUTH;
    if (p->to_move != calc)
        v = -v;
    if (fabs(v) >= KALAH_TERMINAL / 2)
        v = v / KALAH_TERMINAL * 100;
    return v;
}

/* The core's value of node k at `left` moves from the search's depth. */
static double core_value(const ui_search *t, const ui_search_node *k, int left)
{
    int calc = t->person_first ? KALAH_NORTH : KALAH_SOUTH;
    if (k->over) {
        int m = kalah_margin(&t->rules, &k->pos);
        return 100.0 * (calc == KALAH_SOUTH ? m : -m);
    }
    if (left == 0)
        return kalah_value(&t->rules, &k->pos, calc, KALAH_E1);
    kalah_player pl = {.algo = KALAH_MINIMAX, .eval = KALAH_E1, .depth = left};
    kalah_result res;
    kalah_error err;
    if (kalah_search(&t->rules, &k->pos, &pl, NULL, &res, &err) != KALAH_OK)
        return NAN;
    return calc_scale(t, &k->pos, res.value);
}

static uint64_t core_nodes(const ui_search *t, kalah_algo algo)
{
    kalah_player pl = {.algo = algo, .eval = KALAH_E1, .depth = t->depth};
    kalah_result res;
    kalah_error err;
    return kalah_search(&t->rules, &t->node[0].pos, &pl, NULL, &res, &err) == KALAH_OK
               ? res.nodes
               : 0;
}

/* A new search from the board the machine holds: the whole tree of legal
 * moves with the core's values. */
static void begin(ui_search *t, const xcheck *x)
{
    /* In the start-up's run (the calculator moving first) the watcher has
     * no game yet: the start-up's X (who) and Y (depth, 0 meaning 2). */
    bool person_first = x->person_first;
    int depth = x->depth;
    if (x->watching == XCHECK_RUN_START) {
        person_first = vm_num_to_double(x->input[0]) != 0;
        depth = (int)vm_num_to_double(x->input[1]);
        if (depth == 0)
            depth = 2;
    }
    int routine = t->routine;
    long generation = t->generation;
    memset(t, 0, sizeof *t);
    t->routine = routine;
    t->generation = generation + 1;
    t->on = true;
    t->depth = depth >= 1 && depth <= UI_SEARCH_DEPTH_MAX ? depth : 0;
    t->person_first = person_first;
    t->rules = x->rules;
    ui_search_node *root = &t->node[0];
    root->pos = xcheck_read_board(&x->m, &x->lay, person_first);
    root->pos.to_move = person_first ? KALAH_NORTH : KALAH_SOUTH;
    root->legal = t->depth > 0;
    root->calc_moves = true;
    root->over = kalah_over(&t->rules, &root->pos);
    int count = t->depth > 0 ? level_first[t->depth + 1] : 0;
    for (int i = 0; i < count && i < UI_SEARCH_NODES; i++) {
        ui_search_node *k = &t->node[i];
        int path[UI_SEARCH_DEPTH_MAX];
        k->depth = (uint8_t)ui_search_path(i, path);
        if (i > 0) {
            const ui_search_node *up = &t->node[ui_search_parent(i)];
            k->pos = up->pos;
            kalah_error err;
            k->legal = up->legal && !up->over &&
                       kalah_play(&t->rules, &k->pos, path[k->depth - 1], NULL, &err) == KALAH_OK;
            if (!k->legal)
                continue;
            k->over = kalah_over(&t->rules, &k->pos);
            k->calc_moves = k->pos.to_move == root->pos.to_move;
        }
        if (k->legal)
            k->core = core_value(t, k, t->depth - k->depth);
    }
    if (root->legal) {
        t->minimax = core_nodes(t, KALAH_MINIMAX);
        t->alphabeta = core_nodes(t, KALAH_ALPHABETA);
    }
}

/* ---- the adapter: reading the machine ------------------------------------ */

/* Whether a return address is that of a call to the search routine. */
static bool search_frame(const ui_search *t, const vm_machine *m, int ret)
{
    return ret >= 2 && ret <= m->steps && m->prog[ret - 2] == VM_OP_GSB &&
           vm_cell_address(m, m->prog[ret - 1]) == t->routine;
}

/* The S frames on the return stack. */
static int frames(const ui_search *t, const vm_machine *m)
{
    int n = 0;
    for (int i = 0; i < m->rsp && i < VM_RSTACK; i++)
        if (search_frame(t, m, m->rstack[i]))
            n++;
    return n;
}

/* The node at depth n of the path the level registers hold. */
static int node_at(const vm_machine *m, int n)
{
    int path[UI_SEARCH_DEPTH_MAX];
    if (n < 0 || n > UI_SEARCH_DEPTH_MAX)
        return -1;
    for (int i = 0; i < n; i++) {
        double v = vm_num_to_double(m->reg[LEVEL_PIT + 1 + i]);
        if (!(v >= 1 && v <= 6 && v == floor(v)))
            return -1;
        path[i] = (int)v;
    }
    return ui_search_index(path, n);
}

int ui_search_current(const ui_search *t, const vm_machine *m)
{
    if (!t->on || t->routine < 0 || !m->running)
        return -1;
    int f = frames(t, m);
    if (f == 0)
        return -1;
    int k = node_at(m, f - 1);
    return k >= 0 && t->node[k].legal ? k : -1;
}

void ui_search_feed(ui_search *t, const xcheck *x)
{
    const vm_machine *m = &x->m;
    int pc = m->pc;
    if (t->routine < 0 || pc < 0 || pc >= m->steps)
        return;
    uint16_t code = m->prog[pc];
    if (code == VM_OP_GSB) {
        if (pc + 1 >= m->steps || vm_cell_address(m, m->prog[pc + 1]) != t->routine)
            return;
        int f = frames(t, m);
        if (f == 0)
            begin(t, x);
        int k = node_at(m, f);
        if (k < 0 || !t->node[k].legal)
            return;
        t->node[k].state = UI_NODE_OPEN;
        t->node[k].at = m->executed;
        t->entered++;
    } else if (code == VM_OP_RTN && m->rsp > 0 && search_frame(t, m, m->rstack[m->rsp - 1])) {
        int k = node_at(m, frames(t, m) - 1);
        if (k < 0 || !t->node[k].legal || t->node[k].state != UI_NODE_OPEN)
            return;
        ui_search_node *n = &t->node[k];
        n->state = UI_NODE_DONE;
        n->calc = vm_num_to_double(m->x);
        n->ok = n->calc == n->core;
        n->spent = m->executed - n->at + 1; /* this В/О too */
        t->finished++;
        if (!n->ok)
            t->mismatches++;
    }
}

/* ---- reading the tree ---------------------------------------------------- */

int ui_search_best_line(const ui_search *t, int line[UI_SEARCH_DEPTH_MAX + 1])
{
    if (!t->on || !t->node[0].legal)
        return 0;
    int n = 0, k = 0;
    line[n++] = 0;
    for (;;) {
        int c = ui_search_child(k), best = -1;
        for (int i = 0; c >= 0 && i < 6; i++) {
            const ui_search_node *a = &t->node[c + i];
            if (!a->legal || a->state != UI_NODE_DONE)
                continue;
            /* Strictly better only: ties stay with the lowest pit. */
            if (best < 0 || (t->node[k].calc_moves ? a->calc > t->node[best].calc
                                                    : a->calc < t->node[best].calc))
                best = c + i;
        }
        if (best < 0)
            return n;
        line[n++] = k = best;
    }
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

void ui_search_move_name(const ui_search *t, int index, char *buf, size_t size)
{
    int path[UI_SEARCH_DEPTH_MAX];
    int n = ui_search_path(index, path);
    if (n <= 0) {
        snprintf(buf, size, n == 0 ? "root" : "?");
        return;
    }
    int pit = path[n - 1];
    /* The mover is who was to move at the parent. */
    if (t->node[ui_search_parent(index)].calc_moves)
        snprintf(buf, size, "C%d", xcheck_calc_seen(pit));
    else
        snprintf(buf, size, "P%d", pit);
}

void ui_search_path_name(const ui_search *t, int index, char *buf, size_t size)
{
    int line[UI_SEARCH_DEPTH_MAX + 1], n = 0;
    for (int k = index; k > 0 && n <= UI_SEARCH_DEPTH_MAX; k = ui_search_parent(k))
        line[n++] = k;
    size_t used = 0;
    buf[0] = '\0';
    if (n == 0)
        ui_search_move_name(t, 0, buf, size);
    for (int i = n - 1; i >= 0 && used < size; i--) {
        char name[8];
        ui_search_move_name(t, line[i], name, sizeof name);
        used += (size_t)snprintf(buf + used, size - used, i < n - 1 ? " %s" : "%s", name);
    }
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
