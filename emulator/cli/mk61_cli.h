/* The mk61 command's parts: shared helpers of its subcommands. */
#ifndef MK61_CLI_H
#define MK61_CLI_H

#include "asm.h"
#include "cli_args.h"
#include "cli_io.h"
#include "kalah.h"
#include "vm.h"
#include "vm_keys.h"
#include "vm_stepper.h"

#include <signal.h>
#include <stdbool.h>
#include <stdio.h>

#define CLI_FILE_MAX (1 << 20) /* the largest source or dump read, 1 MiB */

/* The options the mk61 commands share, for their walks (cli_args.h): each
 * is true when the option read is its own, and a bad value is reported
 * (as the command) and ends the walk.
 *   --max-steps N   a step budget: a whole number that fits in 64 bits, 0
 *                   for none
 *   --profile P     mk61 or mk61x
 *   --angle A       the angle switch: rad, grd (or grad), deg */
bool cli_steps_opt(cli_args *a, uint64_t *out);
bool cli_profile_opt(cli_args *a, vm_profile_id *out);
bool cli_angle_opt(cli_args *a, int *out);


/* Reads a whole file (at most CLI_FILE_MAX bytes) into a new string; NULL,
 * with a message on stderr, when it cannot. */
char *cli_read_file(const char *cmd, const char *path);

/* Loads a program, and what it declares into *decl (may be NULL): a hex
 * dump when the name ends in .hex, else assembler source. Errors go to
 * stderr with file:line:col and a caret. */
bool cli_load_program(const char *cmd, const char *path, vm_profile_id hex_profile,
                      vm_program *out, vm_decl *decl);

/* Prints the errors of an assembly or import, each with its source line and
 * a caret under the column. */
void cli_print_errors(const char *source, const asm_errors *errs);

/* The halt reason as a word ("stop", "error", ...) and as a sentence. */
const char *cli_halt_word(vm_halt h);
const char *cli_halt_text(const vm_machine *m, char *buf, size_t size);

/* How a command runs programs: a step budget, a trace, and breakpoints and
 * watches (the stepper is used when any is set). */
typedef struct cli_runner {
    uint64_t max_steps;    /* 0: no limit */
    const vm_decl *map;    /* for the trace's labels; may be NULL */
    FILE *trace;           /* every step, when not NULL */
    vm_stepper stepper;
    bool stepping;         /* breakpoints or watches are set */
    vm_stop last;          /* why the last run came back */
    /* When not NULL, a run stops (as С/П stops it) soon after *stop is set,
     * by a signal handler for instance; interrupted then says so. The run
     * goes in slices of CLI_RUN_SLICE steps to look at it. */
    volatile sig_atomic_t *stop;
    bool interrupted;
    /* Called after every step when not NULL (a run then goes through the
     * stepper): mk61 calc follows the program's search with it. */
    void (*watch)(void *ctx, const vm_machine *m);
    void *watch_ctx;
} cli_runner;

#define CLI_RUN_SLICE 65536

/* Presses the keys named in text (separated by spaces); each С/П that
 * starts the program runs it through run before the next key, and a run
 * that stops at a breakpoint or watch ends the keys. False, with a message
 * "CMD: 'X' is not a key name", for an unknown key name: then no key is
 * pressed. */
bool cli_press_keys(const char *cmd, vm_machine *m, const char *text, cli_runner *run);

/* Runs a started program until it halts, stops or runs out of steps. */
vm_stop cli_run(vm_machine *m, cli_runner *run);

/* Prints the display, the stack, the registers in use and the state. */
void cli_print_state(FILE *out, const vm_machine *m, const vm_decl *map);
/* The same as one JSON object. */
void cli_print_json(FILE *out, const vm_machine *m);

int cli_asm(int argc, char **argv);
int cli_disasm(int argc, char **argv);
int cli_run_cmd(int argc, char **argv);
int cli_calc(int argc, char **argv);
int cli_bench(int argc, char **argv);
int cli_keys(int argc, char **argv);
int cli_crosscheck(int argc, char **argv);
int cli_vectors(int argc, char **argv);
int cli_search(int argc, char **argv);

#endif
