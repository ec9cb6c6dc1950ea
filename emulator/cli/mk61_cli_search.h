/* mk61 search's parts (mk61_cli_search.c, mk61_cli_search_svg.c). */
#ifndef MK61_CLI_SEARCH_H
#define MK61_CLI_SEARCH_H

#include "xcheck_tree.h"

#include <stdbool.h>
#include <stdio.h>

/* "calculator", "person". */
const char *search_side_name(int side);

/* The calculator's nodes (t->found) depth first from the root, each node's
 * children in finishing order: their indexes in order[] (room for
 * t->nfound); returns how many. */
int search_preorder(const xcheck_tree *t, long order[]);

/* Prints the search held, indented, each node with the calculator's and
 * the core's value, then the move chosen (or the best so far) and the node
 * counts. person_first orients the root position as the game. */
void search_print_tree(const xcheck_tree *t, bool person_first);

/* Draws the tree as an SVG picture into f. */
void search_write_svg(const xcheck_tree *t, FILE *f);

#endif
