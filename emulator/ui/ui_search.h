/*
 * ui_search.h: the window's Search panel (prefix ui_search_): the
 * calculator's game tree of the search under way, node by node, beside the
 * reference core's, as the program searches it (issue 22, part 3).
 *
 * The model (ui_search.c, no SDL) is fed by the session's run loop before
 * every step (ui_search_feed: two comparisons on an ordinary step) and
 * keeps one search: the tree of the latest root the calculator started on,
 * every node with its state (not yet searched, open, finished), the
 * calculator's value when finished and the core's value, computed when the
 * search begins. The node being searched now is read from the machine
 * (ui_search_current), not from the model, so it is right whatever keyed
 * the machine.
 *
 * How the search is recognised (the adapter, until the node-level
 * cross-check of programs/xcheck serves it): the search routine is the
 * program's label "S"; a call to it (ПП S) enters a node, its return (В/О
 * with an S frame on top of the return stack) finishes one with X its
 * value; the depth of the node being searched is the number of S frames on
 * the return stack less one, and the pit tried at level L (1..3) is
 * register 15 + L, in the mover's own numbering (programs/kalah.md).
 *
 * Values are the calculator's: CK - PK at the deepest level, 100 x the
 * final margin when the game is over. The core's values come from
 * kalah_search (minimax, E1, the remaining depth) on the node's position,
 * and kalah_value at a leaf or a finished game, turned to the calculator's
 * side and scale.
 *
 * Nodes are kept in a full 6-ary tree of UI_SEARCH_DEPTH_MAX levels: node
 * index ui_search_index(path); a move that is not legal is a node never
 * searched (legal false).
 */
#ifndef UI_SEARCH_H
#define UI_SEARCH_H

#include "kalah.h"
#include "ui_layout.h"
#include "vm.h"
#include "vm_program.h"
#include "xcheck.h"

#include <stdbool.h>
#include <stdint.h>

#define UI_SEARCH_DEPTH_MAX XCHECK_DEPTH_MAX
#define UI_SEARCH_NODES (1 + 6 + 36 + 216) /* 1 + 6 + ... + 6^depth */

typedef enum ui_node_state { UI_NODE_UNSEEN, UI_NODE_OPEN, UI_NODE_DONE } ui_node_state;

typedef struct ui_search_node {
    bool legal;        /* the path's moves are legal (by the core) */
    uint8_t state;     /* ui_node_state */
    uint8_t depth;     /* moves from the root */
    bool calc_moves;   /* the calculator is to move here */
    bool over;         /* the game is over here */
    bool ok;           /* finished and the calculator's value is the core's */
    double calc, core; /* the calculator's value (finished), the core's */
    uint64_t at;       /* the machine's instruction count when it was entered */
    uint64_t spent;    /* instructions from entering to finishing */
    kalah_pos pos;     /* the position (core orientation) */
} ui_search_node;

typedef struct ui_search {
    /* The adapter: the search routine's address, -1 when the program has
     * none (then nothing is tracked). */
    int routine;
    bool on;                 /* a search has been seen since the program loaded */
    long generation;         /* searches seen so far: a new root, a new tree */
    int depth;               /* the search's depth (the program's setting) */
    bool person_first;       /* the person is South */
    kalah_rules rules;
    ui_search_node node[UI_SEARCH_NODES];
    long entered, finished, mismatches; /* of this search */
    uint64_t minimax, alphabeta;        /* the core's node counts at the root */
} ui_search;

/* Forgets everything and finds the search routine in prog. */
void ui_search_init(ui_search *t, const vm_program *prog);

/* Called with the watcher's machine x->m about to execute one step (at
 * m->pc): notes a node entered or finished. A new search reads the board
 * through the watcher's layout, and the depth and who moves first from the
 * watcher's game, or from the start-up being keyed when the calculator
 * searches in its first run. */
void ui_search_feed(ui_search *t, const xcheck *x);

/* The node index of a path (pits 1..6 in the mover's own numbering, n of
 * them, n <= UI_SEARCH_DEPTH_MAX), and back; -1 for a bad path. */
int ui_search_index(const int *path, int n);
int ui_search_path(int index, int path[UI_SEARCH_DEPTH_MAX]);
/* The first child of a node (its pits 1..6 follow), -1 at the deepest level. */
int ui_search_child(int index);
int ui_search_parent(int index);

/* The node being searched now, read from the machine (the S frames on its
 * return stack and the level registers), -1 when the machine is not inside
 * the tracked search. */
int ui_search_current(const ui_search *t, const vm_machine *m);

/* The best line so far: from the root, each level's best finished child
 * (largest value where the calculator moves, smallest where the person
 * does, ties to the lowest pit, as the program keeps them). Writes node
 * indices, the root first; returns how many. */
int ui_search_best_line(const ui_search *t, int line[UI_SEARCH_DEPTH_MAX + 1]);

/* The name of a node's last move as the person sees the pits ("C3", "P2"),
 * "root" for the root; and the whole path ("C3 P2 C6"). */
void ui_search_move_name(const ui_search *t, int index, char *buf, size_t size);
void ui_search_path_name(const ui_search *t, int index, char *buf, size_t size);

/* A value as the panel shows it: "+3", "-2", "0", and a final margin as
 * "end +3" (the calculator's 100 x margin). */
void ui_search_value_text(double v, char *buf, size_t size);

/* ---- the panel's geometry (ui_search_layout.c, no SDL) -------------------
 * In the panel's rect p (design units): the heading lines, the overview
 * (one band a level, every node a cell of its parent's width / 6), the
 * columns (level 1..depth: the children of the focused path's node at the
 * level above, one row a pit), and the detail lines at the bottom. */
#define UI_SEARCH_ROW 22
typedef struct ui_search_geom {
    ui_rect panel;
    int head_y;            /* the heading's top */
    ui_rect band[UI_SEARCH_DEPTH_MAX + 1]; /* the overview, depth 0..3 */
    ui_rect columns;       /* the columns' area */
    int col_w, head_h;     /* a column's width, its heading's height */
    int detail_y;          /* the detail lines' top */
} ui_search_geom;

/* The panel's rect in the window's layout: where the debugger's state and
 * the cross-check panel are with the debugger open, else the whole lower
 * right. */
ui_rect ui_search_panel_rect(const ui_layout *l);
void ui_search_geometry(ui_search_geom *g, ui_rect panel, int depth);
/* The overview's cell of a node. */
ui_rect ui_search_cell(const ui_search_geom *g, int index);
/* The row of a node in the columns when its parent is on the focused path
 * (focus: node indices from the root, nfocus of them). */
ui_rect ui_search_row(const ui_search_geom *g, int index);
/* The node at design point (x, y): a cell of the overview or a row of the
 * columns whose parent is on the focus line; -1 none. */
int ui_search_hit(const ui_search *t, const ui_search_geom *g, const int *focus, int nfocus,
                  int x, int y);

/* The line the columns follow: the what-if node's path when one is picked
 * (pick >= 0), else the node being searched now, else the best line.
 * Writes node indices from the root; returns how many. */
int ui_search_focus(const ui_search *t, const vm_machine *m, int pick,
                    int line[UI_SEARCH_DEPTH_MAX + 1]);

#endif
