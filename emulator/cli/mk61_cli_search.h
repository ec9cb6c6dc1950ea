/* mk61 search's parts (mk61_cli_search.c: the options, the runs and the
 * JSON; mk61_cli_search_text.c: the text tree, also `mk61 calc`'s :tree;
 * mk61_cli_search_svg.c: the picture). All of them draw the annotated tree
 * of programs/xcheck/xcheck_tree.h. */
#ifndef MK61_CLI_SEARCH_H
#define MK61_CLI_SEARCH_H

#include "xcheck_tree.h"

#include <stdbool.h>
#include <stdio.h>

/* "calculator", "person"; "MAX", "MIN". */
const char *search_side_name(int side);
const char *search_level_name(int side);

/* Which nodes of the annotated tree are drawn (shown[i] for expect[i]):
 * every node once the search is done; while it runs, the nodes finished
 * and the nodes open above them. */
void search_shown(const xcheck_tree *t, bool *shown);

/* Nodes a node's subtree holds, itself included (size[i] for expect[i]). */
void search_subtree_sizes(const xcheck_tree *t, long *size);

/* The search's root position in the core's notation, as the game is. */
void search_root_text(const xcheck_tree *t, bool person_first, char *buf, size_t size);

/* Prints the search held, indented, each node with the calculator's and
 * the core's value, then the move chosen (or the best so far), the node
 * counts and a legend. person_first orients the root position as the
 * game. In the middle of a search, m is the machine running it (or NULL):
 * the nodes open on the line it is searching show their running bound
 * and window. */
void search_print_tree(const xcheck_tree *t, bool person_first, const vm_machine *m);

/* Draws the tree as an SVG picture into f. */
void search_write_svg(const xcheck_tree *t, FILE *f);

#endif
