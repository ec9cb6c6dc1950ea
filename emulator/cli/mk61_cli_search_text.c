/* mk61 search and :tree: the calculator's search as an indented text tree,
 * read from the annotated tree (programs/xcheck/xcheck_tree.h). */
#include "mk61_cli_search.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

const char *search_side_name(int side)
{
    return side == XCHECK_TREE_CALC ? "calculator" : side == XCHECK_TREE_PERSON ? "person" : "?";
}

const char *search_level_name(int side)
{
    return side == XCHECK_TREE_CALC ? "MAX" : side == XCHECK_TREE_PERSON ? "MIN" : "?";
}

void search_shown(const xcheck_tree *t, bool *shown)
{
    for (long i = 0; i < t->nexpect; i++)
        shown[i] = t->done || t->expect[i].finished;
    if (t->done)
        return;
    /* Post-order: a parent comes after its children. */
    for (long i = 0; i < t->nexpect; i++)
        if (shown[i] && t->expect[i].parent >= 0)
            shown[t->expect[i].parent] = true;
}

void search_subtree_sizes(const xcheck_tree *t, long *size)
{
    for (long i = 0; i < t->nexpect; i++)
        size[i] = 1;
    for (long i = 0; i < t->nexpect; i++) /* children before their parent */
        if (t->expect[i].parent >= 0)
            size[t->expect[i].parent] += size[i];
}

void search_root_text(const xcheck_tree *t, bool person_first, char *buf, size_t size)
{
    kalah_rules r = kalah_rules_default();
    kalah_pos root;
    xcheck_tree_position(t, &(xcheck_tree_path){0}, person_first, &root);
    int total = kalah_total_stones(&r, &root);
    r.stones = total >= 2 * r.pits ? total / (2 * r.pits) : 1;
    kalah_pos_format(&r, &root, buf, size);
}

/* Real-machine time: "4.2 s", "3 min 05 s", "1 h 02 min". */
static const char *duration(uint64_t ms, char *buf, size_t size)
{
    uint64_t s = ms / 1000;
    if (s < 60)
        snprintf(buf, size, "%.1f s", ms / 1000.0);
    else if (s < 3600)
        snprintf(buf, size, "%llu min %02llu s", (unsigned long long)(s / 60),
                 (unsigned long long)(s % 60));
    else
        snprintf(buf, size, "%llu h %02llu min", (unsigned long long)(s / 3600),
                 (unsigned long long)(s / 60 % 60));
    return buf;
}

/* Prints s left-aligned in width columns (characters, not bytes: ✓ is
 * one column). */
static void padded(const char *s, int width)
{
    int cols = 0;
    for (const char *c = s; *c; c++)
        cols += (*c & 0xC0) != 0x80;
    printf("%s%*s", s, width > cols ? width - cols : 0, "");
}

/* The line being searched now (xcheck_tree_line_now), for the nodes open
 * on it. */
typedef struct line_now {
    int n;
    xcheck_tree_path path;
    xcheck_tree_bound at[XCHECK_TREE_PLY_MAX + 1];
} line_now;

/* One node's line. */
static void print_node(const xcheck_tree *t, const xcheck_tree_node *e, int width, long skipped,
                       const line_now *now)
{
    char label[96], pit[16], v[24], c[24], w[48], d[32], visit[16], level[16];
    if (e->path.len == 0)
        snprintf(label, sizeof label, "root");
    else
        snprintf(label, sizeof label, "%*s%s", 2 * e->path.len, "",
                 xcheck_tree_pit_name(t, e->path.side[e->path.len - 1],
                                      e->path.pit[e->path.len - 1], pit, sizeof pit));
    snprintf(visit, sizeof visit, e->visit ? "%ld" : "-", e->visit);
    snprintf(level, sizeof level, "%s%s", search_level_name(e->side), e->extra ? " extra" : "");
    printf("%6s  %-*s %-9s", visit, width, label, level);
    if (skipped) {
        if (skipped > 1)
            printf(" skipped, with the %ld nodes below it\n", skipped - 1);
        else
            printf(" skipped\n");
        return;
    }
    if (!e->finished) {
        /* Open: its running bound and window, when it is on the line
         * being searched. */
        const xcheck_tree_bound *b = now && e->path.len < now->n &&
                                             xcheck_tree_path_prefix(&e->path, &now->path)
                                         ? &now->at[e->path.len]
                                         : NULL;
        char so[48] = "searching";
        if (b && b->has_best)
            snprintf(so, sizeof so, "%s %s so far", b->side == XCHECK_TREE_CALC ? "≥" : "≤",
                     xcheck_tree_value_text(b->best, v, sizeof v));
        printf(" ");
        padded(so, 21);
        if (b && t->alphabeta)
            printf("%s", xcheck_tree_window_text(b->alpha, b->beta, w, sizeof w));
        printf("\n");
        return;
    }
    printf(" %11s %6s %s  ", xcheck_tree_value_text(e->calc, v, sizeof v),
           xcheck_tree_value_text(e->core, c, sizeof c), e->agree ? "✓" : "✗");
    if (t->alphabeta) {
        padded(xcheck_tree_window_text(e->alpha, e->beta, w, sizeof w), 14);
        padded(e->cut ? "cut" : "", 4);
    } else {
        padded(e->alphabeta_drawn ? "✓" : "skip", 6);
        padded(e->alphabeta_ordered ? "✓" : "skip", 8);
    }
    printf("%12llu %16s\n", (unsigned long long)e->steps, duration(e->ms, d, sizeof d));
}

void search_print_tree(const xcheck_tree *t, bool person_first, const vm_machine *m)
{
    line_now now = {0};
    if (m && t->searching)
        now.n = xcheck_tree_line_now(t, m, &now.path, now.at);
    char pos[KALAH_TEXT_MAX], path[96], pit[16];
    search_root_text(t, person_first, pos, sizeof pos);
    printf("The calculator's search at depth %d of %s (the calculator is %s), by %s, the "
           "children in the drawn order%s:\n",
           t->depth, pos, person_first ? "North" : "South",
           t->alphabeta ? "alpha-beta" : "minimax", t->searching ? ", so far" : "");
    long n = t->nexpect;
    long *order = malloc((size_t)(n ? n : 1) * sizeof *order);
    long *size = malloc((size_t)(n ? n : 1) * sizeof *size);
    bool *shown = malloc((size_t)(n ? n : 1) * sizeof *shown);
    if (!order || !size || !shown || xcheck_tree_preorder(t, order) != n) {
        free(order);
        free(size);
        free(shown);
        return;
    }
    search_shown(t, shown);
    search_subtree_sizes(t, size);
    int width = 2 * t->depth + 6;
    printf("%6s  %-*s %-9s %11s %6s    %-18s%12s %16s\n", "visit", width, "node", "level",
           "calculator", "core", t->alphabeta ? "window        cut" : "alpha-beta would:",
           "instructions", "on a real MK-61");
    if (!t->alphabeta)
        printf("%6s  %-*s %-9s %11s %6s    %-6s%-8s\n", "", width, "", "", "", "", "drawn",
               "ordered");
    for (long k = 0; k < n; k++) {
        const xcheck_tree_node *e = &t->expect[order[k]];
        if (!shown[order[k]])
            continue;
        bool skip = t->alphabeta && e->visit == 0 && !e->finished;
        if (skip && e->parent >= 0 && t->expect[e->parent].visit == 0)
            continue; /* inside a skipped subtree, counted at its top */
        print_node(t, e, width, skip ? size[order[k]] : 0, &now);
    }
    free(order);
    free(size);
    free(shown);
    xcheck_tree_path line;
    xcheck_tree_best_line(t, &line);
    printf("%s: %s; the line the search expects: %s\n", t->done ? "Chosen" : "Best so far",
           line.len ? xcheck_tree_pit_name(t, XCHECK_TREE_CALC, line.pit[0], pit, sizeof pit) : "-",
           xcheck_tree_path_text(t, &line, path, sizeof path));
    xcheck_tree_counts c = xcheck_tree_count(t);
    printf("Nodes from this position: the calculator %ld, the core's minimax %ld, alpha-beta in "
           "the drawn order %ld, the core's alpha-beta %ld, seed 003's alpha-beta %ld\n",
           c.calc, c.minimax, c.alphabeta_drawn, c.alphabeta, c.alphabeta003);
    printf("MAX: the calculator to move (it takes the largest value); MIN: you to move (the\n"
           "smallest); extra: the move into the node was an extra turn, the same side moves\n"
           "again. Nodes are numbered in the order the search visits them, the children in\n"
           "the drawn order: the calculator's C6 to C1 (its own pit 1 first), yours P1 to P6.\n"
           "Values are the calculator's: CK - PK, a finished game's margin x %d.\n",
           t->final_scale);
    if (t->alphabeta)
        printf("Alpha-beta: window [alpha, beta], the bounds a node was searched with (-inf,\n"
               "+inf: none); cut: the node stopped trying its moves (alpha >= beta), and its\n"
               "value is a bound; skipped: the subtrees alpha-beta in this order never visits.\n");
    else
        printf("Alpha-beta would: drawn, whether alpha-beta with the children in the drawn\n"
               "order would visit the node (%ld nodes); ordered, whether the core's\n"
               "alpha-beta, which tries extra turns first, then captures, then from the right,\n"
               "would (%ld nodes).\n",
               c.alphabeta_drawn, c.alphabeta);
}
