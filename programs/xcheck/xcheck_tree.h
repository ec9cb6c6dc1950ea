/*
 * xcheck_tree.h: the calculator's search tree, node by node, beside the
 * core's, annotated for teaching (prefix xcheck_tree_). Part of the
 * cross-check library; `mk61 search`, `mk61 calc`'s `:tree`, `mk61
 * crosscheck --nodes` and the window's Search panel all read the tree from
 * here.
 *
 * A tracker follows a machine running a program that declares its search
 * (the `.search` directives, docs/asm.md; programs/kalah.mk61 declares
 * its own, programs/kalah.md "The search as a tree") and recognises, from
 * the machine's state alone, each node the program's search enters and
 * finishes: its path (the pits tried at each level, as the person sees
 * them: C1..C6, P1..P6), the side to move, the value the calculator gave it
 * (X where it is finished), the instructions and real-MK-61 milliseconds
 * it took, and under alpha-beta its window and whether it cut.
 *
 * When the machine enters the root of a search, the tracker reads the
 * position from the board's registers (the `.name`s P1..P6, PK, C1..C6,
 * CK), the search's depth, and whether the search is alpha-beta (`.search
 * alphabeta`: the mode register), and asks the core for the same search
 * through kalah_search_visit: mk61-d (minimax, E1, ties to the lowest pit)
 * or mk61ab-d (alpha-beta over the same tree, the moves in the same order).
 *
 * ---- The annotated tree (expect[], nexpect) ----
 * Every node of the full tree (minimax's: every node any of the searches
 * below can visit), in post-order with the children in the drawn order:
 * each mover's pit 1 first (the calculator's C6, C5, ..., C1; the
 * person's P1, ..., P6), which is the order the calculator tries them.
 * For each node:
 *   - side: who is to move, XCHECK_TREE_CALC a MAX node (the calculator
 *     maximises its own value), XCHECK_TREE_PERSON a MIN node; extra: the
 *     move into it was an extra turn, so the mover moves again (its side is
 *     its parent's); parent: its parent's index (-1: the root);
 *   - visit: its number in the order the search the calculator runs enters
 *     its nodes (pre-order in the drawn order, 1 the root), 0 when that
 *     search does not visit it (alpha-beta skipped it);
 *   - core: its value in that search, for the calculator (minimax's exact
 *     value, or alpha-beta's fail-soft value: a bound, docs/search.md),
 *     NAN when not visited; minimax: its exact minimax value, always;
 *   - alpha, beta: the window the search entered it with (the
 *     calculator's values; -INFINITY and INFINITY where there is no bound,
 *     and always under minimax); cut: the search stopped trying its moves
 *     there (alpha >= beta reached);
 *   - alphabeta_drawn: textbook alpha-beta (a full window at the root, a cut
 *     as soon as alpha >= beta) with the children in the drawn order visits
 *     it (the core's mk61ab-d); alphabeta_ordered: the core's alpha-beta
 *     with its own move ordering (extra turns first, captures, then right to
 *     left) visits it; alphabeta003: seed 003's alpha-beta does. Under
 *     minimax these are the overlays of what each would skip; under
 *     alpha-beta alphabeta_drawn is visit > 0;
 *   - finished and the calculator's fields (calc, steps, ms, pc, code,
 *     agree), once the calculator has finished the node.
 * Counts of each (xcheck_tree_count). The order of the list is the order
 * the calculator finishes the nodes it visits; xcheck_tree_preorder gives
 * the drawing order (a node before its children).
 *
 * ---- The node check ----
 * Each node the calculator enters is held against the one the core's
 * search enters next (the same path), and each node it finishes against
 * the one the core's finishes next: the same path, the same side to move,
 * the same value, and under alpha-beta the same window (read from the
 * levels' bests, `.search best`) and cut (`.search cut`). The first node of
 * a search that differs is a node mismatch (one at most per search: after
 * it the two trees are no longer aligned), reported with its path, both
 * values, the address and the instruction; a node visited that the core's
 * search skips ("should have been cut") or skipped that it visits ("cut
 * that should have been visited") is named as such.
 *
 * Values are the calculator's: for the side that moves at the root (the
 * calculator), larger is better; a heuristic value is the core's E1 (CK -
 * PK), and a finished game's value is its final margin times the scale the
 * program declares (`.search final`), where the core's is the margin times
 * KALAH_TERMINAL: the core's values (and windows) are given in the
 * program's scale.
 *
 * Contract: no printing, no files, no globals. A tracker owns heap memory
 * for its lists (xcheck_tree_free releases it); it never changes the
 * machine. Trackers are independent: one per thread.
 *
 * Feeding: xcheck_tree_step must see the machine after EVERY step of the
 * program (the window calls it from its step loop; the cross-check, whose
 * runs go through the machine's step hook, is given xcheck_tree_look as
 * its watcher, xcheck.h);
 * a call that finds m->executed unchanged returns at once, and one that
 * finds more than one step since the last call marks the search
 * incomplete (`missed`), since its events may have been lost. A machine
 * whose count went back (another machine, a snapshot restored) ends the
 * search followed: the next root starts a new one (xcheck_tree_reset
 * forgets the held search at once).
 *
 * The node being searched at any moment (xcheck_tree_current) is read
 * from the machine: its depth is the number of calls of the declared node
 * routine on the return stack, less one, so it goes down a level exactly
 * when a ПП enters a child and comes back at the В/О that leaves it; its
 * path is in the declared pit registers of the levels above it. Paths
 * name the pits as the program's registers do (`.name`), by
 * xcheck_tree_pit_name.
 */
#ifndef XCHECK_TREE_H
#define XCHECK_TREE_H

#include "kalah.h"
#include "kalah_search.h"
#include "vm.h"
#include "vm_decl.h"
#include "xcheck_board.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define XCHECK_TREE_PLY_MAX 16 /* levels a path may have */

/* The two sides, as the tree names them: the calculator is MAX, the
 * person MIN. */
enum { XCHECK_TREE_PERSON = 0, XCHECK_TREE_CALC = 1 };

/* A path from the root: the moves of the levels above a node. pit[i] is in
 * its mover's own numbering 1..6 (the core's, for the mover's side), side[i]
 * who played it (XCHECK_TREE_CALC or XCHECK_TREE_PERSON). len 0 is the
 * root. */
typedef struct xcheck_tree_path {
    int len;
    int8_t pit[XCHECK_TREE_PLY_MAX];
    int8_t side[XCHECK_TREE_PLY_MAX];
} xcheck_tree_path;

/* One node: of the annotated tree (expect[], above) or as the calculator
 * finished it (found[]: the fields read from the machine; the core's
 * fields copied from the annotated tree's node of the same path). */
typedef struct xcheck_tree_node {
    xcheck_tree_path path;
    int side;          /* to move at the node: CALC is MAX, PERSON MIN */
    bool leaf;         /* evaluated (the depth reached, or the game over) */
    bool extra;        /* the move into it kept the mover: an extra turn */
    long parent;       /* expect[]: the parent's index, -1 the root;
                          found[]: -1 */
    long visit;        /* the order the search enters it, 1 the root; 0
                          not visited. found[]: the calculator's entry */

    /* The calculator's: its value (X at the finish); calc_ok false when X
     * was not a whole number (calc is then its nearest double). */
    bool finished;     /* the calculator finished it (found[]: always) */
    double calc;
    bool calc_ok;
    uint64_t steps;    /* instructions from the ПП that entered it to the
                          instruction that finishes it, both included */
    uint64_t ms;       /* the same on a real MK-61, in ms */
    int pc;            /* the address where it was finished */
    uint16_t code;     /* the instruction there (its first cell) */

    /* The core's (expect[]), and found[]'s window and cut as the machine
     * had them: */
    double core;       /* its value in the search run (NAN: not visited) */
    bool core_ok;      /* the core's search visits it (found[]: and the
                          annotated tree has it) */
    double minimax;    /* its exact minimax value */
    double alpha, beta; /* the window on entry (+-INFINITY: no bound) */
    bool cut;          /* it stopped trying its moves: alpha >= beta */
    bool agree;        /* finished, visited by the core, and the path,
                          side, value, window and cut agree */
    bool alphabeta_drawn;   /* alpha-beta in the drawn order visits it */
    bool alphabeta_ordered; /* the core's ordered alpha-beta visits it */
    bool alphabeta003;      /* seed 003's alpha-beta visits it */
} xcheck_tree_node;

/* The node counts of one search's position. */
typedef struct xcheck_tree_counts {
    long calc;            /* nodes the calculator finished */
    long minimax;         /* the full tree: the core's minimax */
    long alphabeta;       /* the core's alpha-beta with its move ordering
                             (alphabeta_ordered), same depth, E1 */
    long alphabeta003;    /* seed 003's alpha-beta, same depth, E1 */
    long alphabeta_drawn; /* alpha-beta in the drawn order (mk61ab-d) */
    long visited;         /* the core's search of the calculator's kind:
                             minimax or alphabeta_drawn */
} xcheck_tree_counts;

/* What the program declared (vm_search, copied) and what follows from it. */
typedef struct xcheck_tree {
    const vm_program *prog;     /* the program followed, and */
    const vm_decl *decl;        /* what it declares (both the caller's) */
    xcheck_layout lay;          /* the board's registers (xcheck_board.h) */
    int final_scale;            /* a finished game's value is its final
                                   margin times this (.search final) */
    bool prune_counts;          /* also run the other searches at each root
                                   (the counts and flags of the ones the
                                   calculator does not run): on after init,
                                   off for a cross-check that needs only
                                   the nodes */
    bool hold;                  /* keep the first search finished: later
                                   roots are not followed (xcheck_tree_reset
                                   lets go) */

    /* The search under way, or the last one finished. */
    int searches;               /* roots entered since init */
    bool searching;             /* between the root's entry and its finish */
    bool done;                  /* the root was finished */
    bool missed;                /* steps were not all fed: incomplete */
    bool alphabeta;             /* the search is alpha-beta (mode at the
                                   root's entry) */
    int depth;                  /* the search's depth */
    kalah_pos root;             /* its position, the person South */
    xcheck_tree_node *found;    /* the calculator's nodes, in finishing order */
    long nfound;
    xcheck_tree_node *expect;   /* the annotated tree (above) */
    long nexpect;
    long ab_nodes, ab003_nodes; /* the ordered and seed 003's alpha-betas'
                                   node counts (prune_counts) */
    long drawn_nodes;           /* alpha-beta in the drawn order's count */
    long entered;               /* nodes the calculator entered so far */
    int chosen;                 /* after done: the root's move, the mover's
                                   numbering (0: none) */

    /* Node checking, summed over every search followed since init. */
    long nodes_checked;         /* nodes held against the core */
    long node_mismatches;       /* searches with a node that differed */
    char report[XCHECK_REPORT_MAX]; /* the first node mismatch, "" if none */

    /* Private: the tracker's state. */
    struct xcheck_tree_priv *priv;
} xcheck_tree;

/* Starts a tracker for prog, which declares decl (both must outlive the
 * tracker). False, with why, when it declares no search (`.search`) or no
 * board (the `.name`s); the tracker is then unusable (but xcheck_tree_free
 * is safe). */
bool xcheck_tree_init(xcheck_tree *t, const vm_program *prog, const vm_decl *decl, char *why,
                      size_t size);
void xcheck_tree_free(xcheck_tree *t);

/* Forgets the search held (hold lets go); the counters stay. */
void xcheck_tree_reset(xcheck_tree *t);

/* Feeds the machine after a step (see "Feeding" above). */
void xcheck_tree_step(xcheck_tree *t, const vm_machine *m);
/* The same as a step hook (vm_look, xcheck.watch): tracker is the
 * xcheck_tree; always true (it watches, it never stops the run). */
bool xcheck_tree_look(void *tracker, const vm_machine *m);

/* ---- reading the tree ------------------------------------------------- */

/* The node being searched now, read from the machine (see the top),
 * running or stopped in the middle of the search (a step budget, the
 * debugger): its path from the root. False when the machine is not inside
 * the search the tracker follows, or a level above holds no pit. */
bool xcheck_tree_current(const xcheck_tree *t, const vm_machine *m, xcheck_tree_path *path);

/* The line being searched now, from the root to the node being searched
 * (xcheck_tree_current): for each node on it, its running bound and its
 * window, as the calculator has them. */
typedef struct xcheck_tree_bound {
    int side;          /* to move: CALC (MAX) or PERSON (MIN) */
    long visit;        /* its number in the calculator's order of entry */
    bool has_best;     /* a child has been finished: best is its running
                          bound (>= best at a MAX node, <= at a MIN node) */
    double best;       /* the best value of its finished children */
    double alpha, beta; /* the window it was entered with (+-INFINITY: no
                           bound; always under minimax) */
} xcheck_tree_bound;
/* Fills line[0..n) (the root first) and path; returns n = path->len + 1,
 * 0 when the machine is not inside the search followed. */
int xcheck_tree_line_now(const xcheck_tree *t, const vm_machine *m, xcheck_tree_path *path,
                         xcheck_tree_bound line[XCHECK_TREE_PLY_MAX + 1]);

/* The best line so far: from the root, at each level the best finished
 * child (the calculator's side maximises, the person's minimises, ties to
 * the first finished); after the search, the principal variation. */
void xcheck_tree_best_line(const xcheck_tree *t, xcheck_tree_path *line);

/* The counts of the search held: the calculator's (so far), the core's. */
xcheck_tree_counts xcheck_tree_count(const xcheck_tree *t);

/* The annotated tree's index of a path; -1 when it has no such node. */
long xcheck_tree_find(const xcheck_tree *t, const xcheck_tree_path *path);

/* The annotated tree in drawing order: each node before its children,
 * children in the drawn order (the indexes of expect[] into order[], room
 * for nexpect). Returns how many: nexpect, 0 when out of memory. */
long xcheck_tree_preorder(const xcheck_tree *t, long order[]);

/* The position after a path from the search's root, oriented as the game
 * (the person South when person_first). False when a move is illegal. */
bool xcheck_tree_position(const xcheck_tree *t, const xcheck_tree_path *path, bool person_first,
                          kalah_pos *out);

/* The path as the person reads it: "C4 P2 C1", "root" for the empty one;
 * the pits by the program's register names. Returns buf. */
const char *xcheck_tree_path_text(const xcheck_tree *t, const xcheck_tree_path *path, char *buf,
                                  size_t size);

/* One pit's name ("C4", "P2") by the program's register names. */
const char *xcheck_tree_pit_name(const xcheck_tree *t, int side, int pit, char *buf,
                                 size_t size);

/* Whether a path equals another; whether c is parent and one move more;
 * whether a is b or an ancestor of b. */
bool xcheck_tree_path_eq(const xcheck_tree_path *a, const xcheck_tree_path *b);
bool xcheck_tree_path_child(const xcheck_tree_path *c, const xcheck_tree_path *parent);
bool xcheck_tree_path_prefix(const xcheck_tree_path *a, const xcheck_tree_path *b);

/* A value in the program's units with its sign ("+3", "-2", "0", "+inf",
 * "-inf"; "-" for none, a NaN), and a window of two ("[-3, +inf]"), as the
 * reports and the commands' trees write them. Return buf. */
const char *xcheck_tree_value_text(double v, char *buf, size_t size);
const char *xcheck_tree_window_text(double a, double b, char *buf, size_t size);

#endif
