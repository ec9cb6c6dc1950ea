/*
 * ui_search.h: the window's Search panel (prefix ui_search_): the
 * calculator's game tree of the search under way, node by node, beside the
 * reference core's, as the program searches it (issue 22, part 3).
 *
 * The model (ui_search.c, no SDL) owns the node tracker of the cross-check
 * (programs/xcheck/xcheck_tree.h), which follows the search the program
 * declares (`.search`, docs/asm.md), holds every node the calculator
 * enters and finishes against the core's search of the same position
 * (mk61-d by minimax, mk61ab-d by alpha-beta) and annotates the whole tree
 * (its movers, extra turns, visit numbers, windows and cuts, and what the
 * alpha-betas would visit). The session's run loop feeds it after every
 * step (ui_search_feed); the model keeps a view of the tracker's latest
 * search for drawing: every node of the tree with its state (not yet
 * searched, open, finished), the calculator's value when finished, the
 * core's annotations.
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
 * own numbering; a move that is not legal is a node no search reaches
 * (legal false). The children of a node are drawn in the program's order
 * of trying them, the mover's own pit 1 first (the calculator's C6, your
 * P1), the order in which both the calculator's minimax and its alpha-beta
 * visit them.
 *
 * What the view teaches (issue 37), read from the tree as it grows:
 * - levels: level k lists the moves after k - 1 moves from the root; the
 *   side that plays them chooses there, the calculator the largest value
 *   (MAX), the person the smallest (MIN); an extra turn keeps the mover;
 * - the running bound of an open node: the best of its finished children
 *   (">= -3 so far" where the calculator chooses, "<= +1" where you do),
 *   as the program's registers hold it (xcheck_tree_line_now);
 * - under alpha-beta, the window [alpha, beta] of a node: alpha the largest
 *   running bound of the levels above where the calculator chooses, beta
 *   the smallest of those where you choose (programs/kalah.md,
 *   "Alpha-beta": the levels above do not change while a node is searched,
 *   so a node's window is the same from its entry to its finish); a value
 *   at or beyond its window is a bound;
 * - which nodes a search visits: the calculator's own (every legal node by
 *   minimax; by alpha-beta those of the core's mk61ab, the rest skipped),
 *   and, as overlays beside a minimax search, what alpha-beta would visit
 *   with the children in this order and in the core's order; a cut is where
 *   a visited node stops trying its moves;
 * - nodes numbered in the order the search enters them (the tracker's
 *   visit: preorder over the nodes it visits, in the order drawn).
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

/* The sets of nodes a search visits (ui_search_visits). */
typedef enum ui_search_set {
    UI_SEARCH_SET_CALC,    /* the calculator's search (minimax or alpha-beta) */
    UI_SEARCH_SET_DRAWN,   /* alpha-beta over this tree, children in the order drawn */
    UI_SEARCH_SET_ORDERED, /* the core's alpha-beta, its own move order */
    UI_SEARCH_SETS
} ui_search_set;

typedef struct ui_search_node {
    bool legal;        /* a legal move leads here (the root is legal) */
    bool expected;     /* the core's search of the calculator's algorithm
                          visits it (its value is core) */
    bool in[UI_SEARCH_SETS]; /* the sets that visit it (ui_search_set) */
    int visit;         /* its number in the order the calculator's search
                          enters its nodes (the root 1), 0 not visited */
    bool extra;        /* the move into it was an extra turn */
    bool cut;          /* finished, and it cut (as the machine had it) */
    bool cut_core;     /* the core's search cuts there (its parent's
                          search stops trying moves after its last child) */
    uint8_t state;     /* ui_node_state (the nodes open are those above
                          and at ui_search_current) */
    uint8_t depth;     /* moves from the root */
    bool calc_moves;   /* the calculator is to move here */
    bool over;         /* the game is over here */
    bool ok;           /* finished, and the tracker found it agreeing */
    double calc, core; /* the calculator's value (finished), the core's */
    double alpha, beta;/* its window when it was finished (the same as when
                          it was entered), -INFINITY and INFINITY for none */
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
    long serial;             /* a new number for each search shown and
                                each clearing, so that what belongs to one
                                (a what-if pick) is not taken for another's */
    long taken;              /* the tracker's found nodes taken in */
    int depth;
    bool person_first;       /* the person is South */
    ui_search_node node[UI_SEARCH_NODES];
    long finished, mismatches;
    xcheck_tree_counts counts; /* the calculator's so far, the core's */
    bool alphabeta;            /* the calculator searches by alpha-beta */
    bool have_set[UI_SEARCH_SETS]; /* the sets known (in[] is filled) */
    long set_nodes[UI_SEARCH_SETS]; /* the nodes each set visits */
} ui_search;

/* Forgets everything and starts a tracker for prog, which declares decl
 * (both must outlive t; t must be zeroed or hold one); allocates:
 * ui_search_free releases. */
void ui_search_init(ui_search *t, const vm_program *prog, const vm_decl *decl);
void ui_search_free(ui_search *t);

/* Forgets the search shown and the tracker's held search (New game, Undo,
 * Load, the power switch: the view must not show an abandoned game's
 * tree); the tracker follows the next root as a new search. */
void ui_search_clear(ui_search *t);

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

/* A value as the panel shows it, with its sign: "+3", "−2" (a minus
 * sign), "0", and a final margin as "end +3" (the value is the program's
 * final scale x the margin). */
void ui_search_value_text(const ui_search *t, double v, char *buf, size_t size);

/* Whether the set visits node k. */
bool ui_search_visits(const ui_search *t, int k, ui_search_set set);
/* Whether the set's search cuts right after node k: k is the last child of
 * its parent the set visits, and a legal sibling after it is not; for the
 * calculator's alpha-beta, k is the last child its parent tried and the
 * core's search cuts there (perhaps with no move left to skip). */
bool ui_search_cut_after(const ui_search *t, int k, ui_search_set set);
/* The legal children of node k in the order drawn (node indices); how
 * many. The rank of node k among its legal siblings (0 the first), -1 if
 * k is not legal. */
int ui_search_children(const ui_search *t, int k, int out[XCHECK_PITS]);
int ui_search_rank(const ui_search *t, int k);

/* The running bound of node k, on the line being searched now in machine
 * m (xcheck_tree_line_now): the best value of its finished children, the
 * largest where the calculator chooses, the smallest where you do. False
 * when none is finished, or k is not on that line. */
bool ui_search_bound(const ui_search *t, const vm_machine *m, int k, double *v);
/* Node k's window [alpha, beta], -INFINITY and INFINITY where there is
 * none (always under minimax): a finished node's as the machine had it, an
 * open one's on the line searched now (xcheck_tree_line_now); none for a
 * node not yet entered. */
void ui_search_window(const ui_search *t, const vm_machine *m, int k, double *alpha,
                      double *beta);
/* The window as the panel writes it: "[−3, +∞]", "[−∞, +∞]". */
void ui_search_window_text(const ui_search *t, double alpha, double beta, char *buf,
                           size_t size);
/* A finished node's value as the panel shows it: under alpha-beta a value
 * at or beyond its window is a bound, "≥ +2" (the node failed high: it
 * was cut, or reached beta) or "≤ −1" (failed low); else the value. */
void ui_search_node_value_text(const ui_search *t, int k, char *buf, size_t size);

/* The node counts as the heading says them, in three lengths (brevity 0
 * the longest): the calculator's ("so far" while it searches, not once the
 * search is finished), the core's of the same algorithm, minimax's under
 * alpha-beta. */
void ui_search_counts_text(const ui_search *t, int brevity, char *buf, size_t size);

/* Level c + 1's heading, the choice made at the focused line's node
 * focus[c] (its children are listed): "level 2 · you pick: MIN", "level 2
 * · the calculator picks again (extra turn): MAX" (mk61 search's text
 * names each node's side to move instead: the moves listed here lead to
 * nodes of the other side, but for an extra turn); brief, for a narrow column:
 * "level 2: you, MIN", "level 2: calc. again, MAX". "level 3" alone when c
 * is past the line. */
void ui_search_level_text(const ui_search *t, const int *focus, int nfocus, int c, bool brief,
                          char *buf, size_t size);
/* The node searched now in words, its level being its column's and its
 * mover the one that column names: "searching now: C2 P1 (level 2, your
 * move): ≥ −3 so far, window [−3, +∞]"; or the finished search's value
 * ("finished: value +3, C5 ..."), or "" with no search. */
void ui_search_now_text(const ui_search *t, const vm_machine *m, char *buf, size_t size);

/* The line the columns follow: the what-if node's path when one is picked
 * (pick >= 0), else the node being searched now, else the best line.
 * Writes node indices from the root; returns how many. */
int ui_search_focus(const ui_search *t, const vm_machine *m, int pick,
                    int line[UI_SEARCH_DEPTH_MAX + 1]);

#endif
