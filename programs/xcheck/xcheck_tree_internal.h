/*
 * xcheck_tree_internal.h: the tracker's private state, shared by its two
 * files (not part of the API; xcheck_tree.h is):
 *   - xcheck_tree.c follows the machine: the nodes the calculator enters and
 *     finishes, their windows and cuts, each held against the core's;
 *   - xcheck_tree_core.c builds the annotated tree of a root from the
 *     core's searches (kalah_search_visit) and reads it.
 */
#ifndef XCHECK_TREE_INTERNAL_H
#define XCHECK_TREE_INTERNAL_H

#include "xcheck_tree.h"

/* Levels the tracker keeps state for: 1 .. the declared levels + 1 (the
 * leaves), indexed by level. */
#define XCHECK_TREE_LEVELS (VM_SEARCH_LEVELS + 2)

struct xcheck_tree_priv {
    vm_search s;
    uint8_t at[VM_MAX_STEPS];    /* what an address is to the search (xcheck_tree.c) */
    int side_of[2];              /* the declared side index -> the tree's side */
    char pit_name[2][VM_SEARCH_PITS][VM_LABEL_MAX]; /* by the tree's side */
    kalah_rules rules;

    /* Following the machine. */
    uint64_t last;               /* m->executed at the last call */
    unsigned next_ms;            /* the duration of the step about to run */
    uint64_t ms;                 /* real-machine ms of the steps seen */
    bool mismatched;             /* the search held has had its mismatch */
    /* The calculator's line, by level: where its node began, its entry
     * number, whether it cut, the best of its finished children, its side
     * and the window it was entered with. */
    uint64_t start_steps[XCHECK_TREE_LEVELS], start_ms[XCHECK_TREE_LEVELS];
    long visit_at[XCHECK_TREE_LEVELS];
    bool cut_at[XCHECK_TREE_LEVELS];
    bool has_best[XCHECK_TREE_LEVELS];
    double best[XCHECK_TREE_LEVELS];
    int side_at[XCHECK_TREE_LEVELS];
    double alpha_at[XCHECK_TREE_LEVELS], beta_at[XCHECK_TREE_LEVELS];

    /* The annotated tree (xcheck_tree_core.c). */
    long cap_found, cap_expect;
    long *hash;                  /* expect[] indexes by path, -1 empty */
    long hash_cap;
    long *seq;                   /* expect[] indexes in the order the core's
                                    search of the calculator's kind finishes
                                    them */
    long nseq;
    long *pre;                   /* ... in the order it enters them */
    long npre;
    long cap_seq;                /* room in seq[] and pre[] */
    int mark;                    /* the core's search being visited */
};

/* Builds the annotated tree of t->root, t->depth, t->alphabeta
 * (xcheck_tree.h); on failure (out of memory, a depth the core does not
 * search) the tree is empty and nothing is checked. */
void xcheck_tree_expect(xcheck_tree *t);

/* A core value in the program's scale (infinities stay). */
double xcheck_tree_scaled(const xcheck_tree *t, double v);

/* Room for one more node in a list; NULL when out of memory. */
xcheck_tree_node *xcheck_tree_grow(xcheck_tree_node **list, long n, long *cap);

#endif
