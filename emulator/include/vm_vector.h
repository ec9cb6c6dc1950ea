/*
 * vm_vector.h: the machine against a measured case (prefix vm_vector_).
 *
 * A case is what ../shared/reference/mk61-vectors holds: a program, the keys
 * pressed after power-on, the angle switch, and the state the real
 * calculator (a cycle-level emulation of its chips' ROM) ended in. The
 * caller reads the case's JSON; this module powers on a machine, loads the
 * program, presses the keys as the measurement did (each key, then the
 * machine left until it waits again, so a С/П that starts the program runs
 * it until it stops) and compares every field.
 *
 * Numbers compare by value (vm_num_same_value): an unnormalised register
 * such as a loop counter's 00000001 equals 1, a negative zero is not 0, hex
 * digits compare as nibbles; or, for a field marked exact, all 12 nibbles
 * (vm_num_to_raw), so that an unnormalised register cannot pass for the
 * same value held otherwise. The display compares as text, written as the
 * vectors' README writes it (vm_vector_display).
 *
 * A case that differs is a known difference only when the difference
 * follows from a step whose operand is outside the model
 * (VM_WARN_OPERAND): the case is run again with that step's result
 * changed (X set to another number, a failure turned into a result), and
 * every field that differs from the measurement must change with it. A
 * field that differs but does not depend on that step went wrong
 * elsewhere: the case then differs plainly.
 */
#ifndef VM_VECTOR_H
#define VM_VECTOR_H

#include "vm.h"
#include "vm_keys.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The compared fields, in the order the vectors list them. */
enum {
    VM_VF_X,
    VM_VF_Y,
    VM_VF_Z,
    VM_VF_T,
    VM_VF_X1,
    VM_VF_R0, /* registers 0..e: VM_VF_R0 + r */
    VM_VF_DISPLAY = VM_VF_R0 + VM_REGISTERS,
    VM_VF_COUNT
};

/* A field's name as the vectors write it ("x", "r3", "display"). */
const char *vm_vector_field_name(int field);
/* By name; -1 when there is none. */
int vm_vector_field_find(const char *name);

#define VM_VECTOR_DISPLAY_MAX 32 /* 12 cells and 12 points, and the NUL */
#define VM_VECTOR_STEPS 105      /* the MK-61's program memory */

typedef struct vm_vector {
    vm_angle angle;
    uint8_t program[VM_VECTOR_STEPS]; /* steps from 00; the rest are 00 */
    const char *keys;                 /* key names separated by blanks */
    vm_num expect[VM_VF_DISPLAY];     /* x y z t x1 r0..r14 */
    char display[VM_VECTOR_DISPLAY_MAX];
    bool ignore[VM_VF_COUNT];         /* fields not compared */
    bool exact[VM_VF_DISPLAY];        /* compared nibble for nibble */
} vm_vector;

/* A case with nothing set: radians, empty memory, no keys, zeros, an empty
 * display, every field compared by value. */
void vm_vector_init(vm_vector *v);

/* How a case went. */
typedef enum vm_vector_status {
    VM_VECTOR_SAME,     /* every compared field agrees */
    VM_VECTOR_DIFFERS,  /* some field differs (differs[] says which) */
    VM_VECTOR_BAD_KEY,  /* a key name is unknown (bad_key says where) */
    VM_VECTOR_NO_STOP   /* a run did not come back within the budget */
} vm_vector_status;

typedef struct vm_vector_outcome {
    vm_vector_status status;
    bool differs[VM_VF_COUNT];
    size_t bad_key;    /* offset of the unknown key name in keys */
    vm_machine m;      /* the machine at the end */
    int unmodelled;    /* the code of the first function step whose operand
                          is outside the model (VM_WARN_OPERAND), else -1 */
    bool known;        /* VM_VECTOR_DIFFERS, and every field that differs
                          depends on that step (above): a known difference */
    char display[VM_VECTOR_DISPLAY_MAX];
} vm_vector_outcome;

/* The steps a run may take before it counts as one that does not stop. */
#define VM_VECTOR_BUDGET 10000000u

/* Runs a case on a fresh mk61 machine and compares; returns out->status. */
vm_vector_status vm_vector_run(const vm_vector *v, vm_vector_outcome *out);

/* The display as the vectors write it: 12 cells, one ASCII character each
 * ('0'..'9', '-', 'L', 'C', 'G' for Г, 'E', ' '), a '.' after each cell
 * whose point is lit. Returns the length. */
int vm_vector_display(const vm_display *d, char *buf, size_t size);

#endif
