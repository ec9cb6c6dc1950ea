/* mk61 calc with a Pulúk program (mk61_cli_calc_puluk.c): the board drawn
 * after every stop from the registers the program declares (.board), each
 * stop cross-checked against the core (xcheck_puluk.h). The calculator's
 * machine stays mk61 calc's own; the watcher looks at it. */
#ifndef MK61_CLI_CALC_PULUK_H
#define MK61_CLI_CALC_PULUK_H

#include "vm.h"
#include "vm_decl.h"
#include "xcheck_puluk.h"

typedef struct calc_puluk calc_puluk;

/* The watcher of a program that declares a Pulúk board, m its machine;
 * NULL for any other program (or when out of memory). */
calc_puluk *calc_puluk_open(const vm_program *p, const vm_decl *d, const vm_machine *m);
void calc_puluk_close(calc_puluk *c);

/* A run starts from a stop; every step of it (a cli_runner watch, ctx the
 * calc_puluk); the run came back: a stop is checked and the board drawn. */
void calc_puluk_run_starts(calc_puluk *c, const vm_machine *m);
void calc_puluk_step(void *ctx, const vm_machine *m);
void calc_puluk_run_ends(calc_puluk *c, const vm_machine *m);

/* :board: the board and what the last stop means. */
void calc_puluk_draw(const calc_puluk *c);

#endif
