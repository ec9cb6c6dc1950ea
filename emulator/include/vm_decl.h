/*
 * vm_decl.h: what a program declares beside its image (prefix vm_decl):
 * the meaning of its registers (`.name`), the source map (each step's
 * source line and label) and its search (`.search`). The assembler writes
 * it beside the vm_program it makes (asm.h); the machine never reads it;
 * the debugger, the disassembler and the cross-check do (the Kalah
 * program's board is found by its register names, xcheck_board.h; its
 * search is followed by xcheck_tree.h).
 *
 * About 31 KB (the labels): a command holds one on the heap or as a local
 * of main's call, never as a copy in a function-level static.
 */
#ifndef VM_DECL_H
#define VM_DECL_H

#include "vm_program.h"

#include <stdbool.h>

/* A program's search as it declares it (the `.search` directives,
 * docs/asm.md), for a tracker to follow the search from the machine's state
 * alone (programs/xcheck/xcheck_tree.h). The search is a recursion over
 * levels, the root at level 1: a node's search begins when the machine
 * reaches `node`, with register level_reg holding level_root + (its level
 * - 1); register leaf_reg holds level_reg's value at the leaves; at level
 * L the register pit[L-1] holds the pit that level is trying (the mover's
 * own numbering 1..npits) and level_mover[L-1] the side that moves there;
 * register mover holds the side to move at the node being searched. A side
 * is the number of its store's register; side_store[s] names it, and
 * side_pit[s][k-1] is its pit k. A node is finished when the machine
 * reaches one of done[], with its value in X; a finished game is worth its
 * final margin times final_scale. Addresses and registers are -1 when not
 * declared.
 *
 * An alpha-beta search declares besides (docs/asm.md, "Alpha-beta"):
 * whether the search is alpha-beta (`alphabeta`: never, always, or when
 * register ab_reg holds ab_value at the root's entry); at level L the
 * register best[L-1] holding that level's best value so far, for the side
 * that moves at the root, a value of infinity or more in size standing for
 * no bound (the level has finished no child yet); and the address `cut`,
 * reached with the level register at a node's level when that node cuts
 * (stops trying its moves: its best has reached the bound of its window).
 * A node's window is read from the levels above it: alpha the largest best
 * of the levels where the root's side moves, beta the smallest of the
 * others'. */
#define VM_SEARCH_LEVELS 16
#define VM_SEARCH_DONE 8
#define VM_SEARCH_PITS 12
/* Which algorithm the declared search is (`.search alphabeta`). */
typedef enum vm_search_ab {
    VM_SEARCH_MINIMAX,   /* no .search alphabeta: minimax always */
    VM_SEARCH_AB_ALWAYS, /* .search alphabeta */
    VM_SEARCH_AB_WHEN    /* .search alphabeta R V: when register R holds V */
} vm_search_ab;
typedef struct vm_search {
    bool declared;                   /* at least one .search directive */
    int node;
    int level_reg, level_root, leaf_reg;
    int levels;                      /* pit[] and level_mover[] in use */
    int pit[VM_SEARCH_LEVELS];
    int movers;
    int mover, level_mover[VM_SEARCH_LEVELS];
    int sides, npits;
    int side_store[2], side_pit[2][VM_SEARCH_PITS];
    int ndone, done[VM_SEARCH_DONE];
    int final_scale;                 /* 0: not declared */
    vm_search_ab alphabeta;          /* VM_SEARCH_MINIMAX: not declared */
    int ab_reg, ab_value;            /* VM_SEARCH_AB_WHEN: the mode register */
    int nbest, best[VM_SEARCH_LEVELS]; /* a level's best so far, from the root */
    long infinity;                   /* a best this size or more: no bound (0: none) */
    int cut;                         /* where a node cuts */
} vm_search;

typedef struct vm_decl {
    char reg_name[VM_MAX_REGS][VM_LABEL_MAX]; /* declared meaning, "" none */
    /* Source map: for each address, its source line (0: none) and the label
     * defined there ("" none). */
    int line[VM_MAX_STEPS];
    char label[VM_MAX_STEPS][VM_LABEL_MAX];
    vm_search search;                 /* the declared search */
} vm_decl;

/* Nothing declared: no names, no source map, no search. */
void vm_decl_init(vm_decl *d);

#endif
