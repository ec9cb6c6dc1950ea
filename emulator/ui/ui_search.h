/*
 * ui_search.h: the window's Search panel (prefix ui_search_): the
 * calculator's game tree of the search under way, node by node, beside the
 * reference core's, as the program searches it (issue 22, part 3).
 *
 * The model (ui_search.c, no SDL) owns the node tracker of the cross-check
 * (programs/xcheck/xcheck_tree.h), which follows the search the program
 * declares (`.search`, docs/asm.md) and holds every node the calculator
 * finishes against the core's mk61-d search of the same position. The
 * session's run loop feeds it after every step (ui_search_feed); the model
 * keeps a view of the tracker's latest search for drawing: every node of
 * the tree with its state (not yet searched, open, finished), the
 * calculator's value when finished and the core's value.
 *
 * The node being searched now is the tracker's (xcheck_tree_current: by
 * the node routine's calls on the return stack), so the highlight goes down
 * a level exactly when a ПП enters a node and comes back at the В/О that
 * leaves it.
 *
 * Values are the calculator's, as the tracker gives them: CK - PK at the
 * deepest level, the program's final scale (.search final) x the final
 * margin when the game is over.
 *
 * Nodes are kept in a full XCHECK_PITS-ary tree of UI_SEARCH_DEPTH_MAX
 * levels: node index ui_search_index(path), path the pits in the mover's
 * own numbering; a move that is not legal is a node the core never reaches
 * (legal false).
 */
#ifndef UI_SEARCH_H
#define UI_SEARCH_H

#include "kalah.h"
#include "vm.h"
#include "vm_decl.h"
#include "vm_program.h"
#include "xcheck.h"
#include "xcheck_tree.h"

#include <stdbool.h>
#include <stdint.h>

#define UI_SEARCH_DEPTH_MAX XCHECK_DEPTH_MAX
/* 1 + P + P^2 + P^3 nodes, P = XCHECK_PITS (ui_search.c asserts the
 * depth). */
#define UI_SEARCH_NODES (1 + XCHECK_PITS * (1 + XCHECK_PITS * (1 + XCHECK_PITS)))

typedef enum ui_node_state { UI_NODE_UNSEEN, UI_NODE_DONE } ui_node_state;

typedef struct ui_search_node {
    bool legal;        /* the core's search has this node */
    uint8_t state;     /* ui_node_state (the nodes open are those above
                          and at ui_search_current) */
    uint8_t depth;     /* moves from the root */
    bool calc_moves;   /* the calculator is to move here */
    bool over;         /* the game is over here */
    bool ok;           /* finished, and the tracker found it agreeing */
    double calc, core; /* the calculator's value (finished), the core's */
    uint64_t spent;    /* instructions from its ПП to its В/О */
    kalah_pos pos;     /* the position, oriented as the game */
} ui_search_node;

typedef struct ui_search {
    xcheck_tree tree;        /* the tracker, fed after every step */
    bool tracking;           /* the program declares a search */
    char why[160];           /* else why not */

    /* The view of the tracker's latest search. */
    bool on;                 /* a search has been seen */
    long generation;         /* the tracker's searches when it began */
    long taken;              /* the tracker's found nodes taken in */
    int depth;
    bool person_first;       /* the person is South */
    ui_search_node node[UI_SEARCH_NODES];
    long finished, mismatches;
    xcheck_tree_counts counts; /* the calculator's so far, the core's */
} ui_search;

/* Forgets everything and starts a tracker for prog, which declares decl
 * (both must outlive t; t must be zeroed or hold one); allocates:
 * ui_search_free releases. */
void ui_search_init(ui_search *t, const vm_program *prog, const vm_decl *decl);
void ui_search_free(ui_search *t);

/* Called with the watcher's machine x->m after each step: feeds the
 * tracker and takes in what it found. Who moves first comes from the
 * watcher's game, or from the start-up being keyed when the calculator
 * searches in its first run. */
void ui_search_feed(ui_search *t, const xcheck *x);

/* The node index of a path (pits 1..XCHECK_PITS in the mover's own
 * numbering, n of them, n <= UI_SEARCH_DEPTH_MAX), and back; -1 for a bad
 * path. */
int ui_search_index(const int *path, int n);
int ui_search_path(int index, int path[UI_SEARCH_DEPTH_MAX]);
/* The first child of a node (its pits 1..XCHECK_PITS follow), -1 at the
 * deepest level. */
int ui_search_child(int index);
int ui_search_parent(int index);

/* The node being searched now (xcheck_tree_current), -1 when the machine
 * is not inside the search the view holds. */
int ui_search_current(const ui_search *t, const vm_machine *m);

/* The best line so far (xcheck_tree_best_line): from the root, each
 * level's best finished child. Writes node indices, the root first;
 * returns how many. */
int ui_search_best_line(const ui_search *t, int line[UI_SEARCH_DEPTH_MAX + 1]);

/* The name of a node's last move as the person sees the pits ("C3", "P2"),
 * "root" for the root; and the whole path ("C3 P2 C6"), by the program's
 * register names. */
void ui_search_move_name(const ui_search *t, int index, char *buf, size_t size);
void ui_search_path_name(const ui_search *t, int index, char *buf, size_t size);

/* A value as the panel shows it: "+3", "-2", "0", and a final margin as
 * "end +3" (the value is the program's final scale x the margin). */
void ui_search_value_text(const ui_search *t, double v, char *buf, size_t size);

/* The line the columns follow: the what-if node's path when one is picked
 * (pick >= 0), else the node being searched now, else the best line.
 * Writes node indices from the root; returns how many. */
int ui_search_focus(const ui_search *t, const vm_machine *m, int pick,
                    int line[UI_SEARCH_DEPTH_MAX + 1]);

#endif
