/*
 * xcheck_tree.h: the calculator's search tree, node by node, beside the
 * core's (prefix xcheck_tree_). Part of the cross-check library.
 *
 * A tracker follows a machine running a program that declares its search
 * (the `.search` directives, docs/asm.md; programs/kalah.mk61 declares
 * its own, programs/kalah.md "The search as a tree") and recognises, from
 * the machine's state alone, each node the program's search finishes: its
 * path (the pits tried at each level, as the person sees them: C1..C6,
 * P1..P6), the side to move, the value the calculator gave it (X where it
 * is finished), and the instructions and real-MK-61 milliseconds it took.
 *
 * When the machine enters the root of a search, the tracker reads the
 * position from the board's registers (the `.name`s P1..P6, PK, C1..C6,
 * CK) and the search's depth, and asks the core for the same search
 * (mk61-d: minimax, E1, the program's depth, ties to the lowest pit,
 * through kalah_search_visit): the expected tree, every node in the order
 * the core finishes it, with its value. Each node the calculator finishes
 * is held against the next node of the expected tree: the same path, the
 * same side to move, the same value. The first node of a search that
 * differs is a node mismatch (one at most per search: after it the two
 * trees are no longer aligned), reported with its path, both values, the
 * address and the instruction where the calculator finished it.
 *
 * Values are the calculator's: for the side that moves at the root (the
 * calculator), larger is better; a heuristic value is the core's E1 (CK -
 * PK), and a finished game's value is its final margin times the scale the
 * program declares (`.search final`), where the core's is the margin times
 * KALAH_TERMINAL: the core's values are given in the program's scale.
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

/* The two sides, as the tree names them. */
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

/* One node, finished by the calculator or expected from the core. */
typedef struct xcheck_tree_node {
    xcheck_tree_path path;
    int side;          /* to move at the node */
    bool leaf;         /* evaluated (the depth reached, or the game over) */
    /* The calculator's value (X at the finish); calc_ok false when X was
     * not a whole number (calc is then its nearest double). For an
     * expected node not yet finished by the calculator, calc_ok is false. */
    double calc;
    bool calc_ok;
    double core;       /* the core's value of the same node, the program's scale */
    bool core_ok;      /* the core has this node (false: no expected tree,
                          or the calculator finished a node the core's
                          search does not have) */
    bool agree;        /* calc_ok && core_ok && the path, side and value agree */
    uint64_t steps;    /* instructions from the ПП that entered it to the
                          instruction that finishes it, both included */
    uint64_t ms;       /* the same on a real MK-61, in ms */
    int pc;            /* the address where it was finished */
    uint16_t code;     /* the instruction there (its first cell) */
    bool alphabeta;    /* expected nodes: the core's alpha-beta visits it */
    bool alphabeta003; /* expected nodes: seed 003's alpha-beta visits it */
} xcheck_tree_node;

/* The node counts of one search's position. */
typedef struct xcheck_tree_counts {
    long calc;          /* nodes the calculator finished */
    long minimax;       /* the core's minimax (the expected tree) */
    long alphabeta;     /* the core's alpha-beta, same depth, E1 */
    long alphabeta003;  /* seed 003's alpha-beta, same depth, E1 */
} xcheck_tree_counts;

/* What the program declared (vm_search, copied) and what follows from it. */
typedef struct xcheck_tree {
    const vm_program *prog;     /* the program followed, and */
    const vm_decl *decl;        /* what it declares (both the caller's) */
    xcheck_layout lay;          /* the board's registers (xcheck_board.h) */
    int final_scale;            /* a finished game's value is its final
                                   margin times this (.search final) */
    bool prune_counts;          /* also run both alpha-betas at each root
                                   (counts and the nodes they visit); on
                                   after init, off for a cross-check that
                                   needs only the nodes */
    bool hold;                  /* keep the first search finished: later
                                   roots are not followed (xcheck_tree_reset
                                   lets go) */

    /* The search under way, or the last one finished. */
    int searches;               /* roots entered since init */
    bool searching;             /* between the root's entry and its finish */
    bool done;                  /* the root was finished */
    bool missed;                /* steps were not all fed: incomplete */
    int depth;                  /* the search's depth */
    kalah_pos root;             /* its position, the person South */
    xcheck_tree_node *found;    /* the calculator's nodes, in finishing order */
    long nfound;
    xcheck_tree_node *expect;   /* the core's, in finishing order */
    long nexpect;
    long ab_nodes, ab003_nodes; /* the alpha-betas' node counts (prune_counts) */
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

/* The node being searched now, read from the running machine (see the
 * top): its path from the root. False when the machine is not running
 * inside the search the tracker follows, or a level above holds no pit. */
bool xcheck_tree_current(const xcheck_tree *t, const vm_machine *m, xcheck_tree_path *path);

/* The best line so far: from the root, at each level the best finished
 * child (the calculator's side maximises, the person's minimises, ties to
 * the first finished); after the search, the principal variation. */
void xcheck_tree_best_line(const xcheck_tree *t, xcheck_tree_path *line);

/* The counts of the search held: the calculator's (so far), the core's. */
xcheck_tree_counts xcheck_tree_count(const xcheck_tree *t);

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

/* Whether a path equals another; whether c is parent and one move more. */
bool xcheck_tree_path_eq(const xcheck_tree_path *a, const xcheck_tree_path *b);
bool xcheck_tree_path_child(const xcheck_tree_path *c, const xcheck_tree_path *parent);

#endif
