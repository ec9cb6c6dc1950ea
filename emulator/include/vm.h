/*
 * vm.h: the MK-61 machine (prefix vm_).
 *
 * Contract (as in c-octo's core): no printing, no files, no globals, no
 * allocation. A machine is a plain struct; copying it (assignment or memcpy)
 * takes a complete snapshot that runs on independently, which the debugger
 * and the cross-check use for undo and for "what if". Every stop is recorded
 * as data in m->halt, never reported by the core itself.
 *
 * Semantics follow ../shared/reference/mk61.md; the project's decisions where
 * sources disagree are in docs/machine.md (the machine) and docs/mk61.md
 * (numbers and functions).
 */
#ifndef VM_H
#define VM_H

#include "vm_isa.h"
#include "vm_num.h"
#include "vm_program.h"

#include <stdbool.h>
#include <stdint.h>

#define VM_RSTACK 5 /* return stack levels */

/* Why the machine is not running. */
typedef enum vm_halt {
    VM_HALT_NONE = 0,   /* running, or ready and idle */
    VM_HALT_STOP,       /* С/П in the program: waiting for the user */
    VM_HALT_ERROR,      /* ЕГГОГ: an operation with no result, num_error
                           says which; a program stops on the step */
    VM_HALT_BAD_OPCODE, /* an undocumented code (the project does not
                           emulate what the real machine does with them) */
    VM_HALT_BUDGET      /* vm_run's step budget ran out (not an error) */
} vm_halt;

/* What the real machine does without a word, but a person debugging a
 * program may want to know (docs/machine.md, "Diagnostics"). The machine
 * goes on exactly as the real one; each step that does one of these
 * records it in m->warn (the latest wins) for a stepper or `--strict` to
 * act on. Nothing ever clears it but the caller. */
typedef enum vm_warn {
    VM_WARN_NONE = 0,
    VM_WARN_RSTACK,  /* a sixth nested call: the oldest return address was
                        lost (arg: that address; value: the call's target) */
    VM_WARN_POINTER, /* an indirect pointer's last two digits were 15..99
                        or it was not a whole number 0..14 (arg: those two
                        digits; value: the register or address it named) */
    VM_WARN_WRAP,    /* the program ran or jumped past its last step (value:
                        the counter it went on at, 105..159 on the mk61;
                        arg: the cell that counter names) */
    VM_WARN_HEX,     /* X holds hex digits (a logic operation) */
    VM_WARN_RANGE,   /* a result out of range: X holds it, ЕГГОГ shows */
    VM_WARN_OPERAND  /* a function (or + - x / 1/x K max on hex digits)
                        of an operand whose digits the real machine reads
                        in ways not modelled here (hex digits, an exponent
                        past 99, ...: vm_num_modelled; value: the
                        function's code). Its result may differ
                        from the real machine's: docs/mk61.md, "Known
                        differences" */
} vm_warn;

/* Number entry (digits typed by hand or executed as program steps). */
typedef enum vm_entry {
    VM_ENTRY_NONE,     /* X is a finished value */
    VM_ENTRY_MANTISSA, /* digits going into the mantissa */
    VM_ENTRY_EXPONENT  /* after ВП: digits going into the exponent */
} vm_entry;

/* What the display register holds (vm_machine's digits..exp_form). */
typedef enum vm_show {
    VM_SHOW_NUMBER = 0, /* a number: digits, point, sign, exponent */
    VM_SHOW_ERROR,      /* ЕГГОГ: an operation had no result, a comma in an
                           exponent, an exponent typed past 99, an X past
                           9.9999999e99 */
    VM_SHOW_ONE_POINT,  /* a number, but ВП on a zero mantissa made its first
                           digit 1, and the point shows after it ("0 0 ВП"
                           shows "1.0" while X is 10) */
    VM_SHOW_ERROR_ONE,  /* ЕГГОГ, ВП on it and X was 0: the first glyph
                           shows Г (measured: "÷0 ВП 2" shows "Г.ГГ0Г 02") */
    VM_SHOW_ERROR_COMMA, /* ЕГГОГ from an entry key: a comma in an
                           exponent, or /-/ or a comma on an X past
                           9.9999999e99: a ВП after it starts a new number
                           from 0 (measured) */
    VM_SHOW_ERROR_EXPONENT, /* ЕГГОГ from an operation on a number whose
                           exponent was being typed: that exponent stays
                           typed, and /-/ goes on negating it, in X too,
                           shown after the glyphs ("2 ВП 5 /-/ Flg /-/"
                           shows "EГ.Г0Г -05" with X = 2e-5: measured);
                           a digit starts a new number */
    VM_SHOW_ERROR_TYPED, /* ЕГГОГ from an operation on a number whose
                           mantissa was being typed: a comma then shows the
                           glyphs with its sign and point */
    VM_SHOW_ERROR_MARKED, /* after that comma: the glyphs with the sign, the
                           point and (ERROR_MARKED_EXPONENT) the typed
                           exponent of the number underneath ("231 ВП 5
                           Feˣ ," shows "EГГ.0Г 05"; measured) */
    VM_SHOW_ERROR_MARKED_EXPONENT,
    VM_SHOW_ERROR_RANGE, /* ЕГГОГ for an X past 9.9999999e99 shown: the
                           digits under the glyphs are X's, and ВП on them
                           starts from eex_base (measured) */
    VM_SHOW_ERROR_ENTRY, /* ЕГГОГ for an exponent typed past 99: as
                           VM_SHOW_ERROR, but a key that then leaves an X
                           past 1e99 makes ВП start from 0 (measured) */
    VM_SHOW_ERROR_RANGE_ZERO /* as VM_SHOW_ERROR_RANGE, shown with
                           eex_point set: ВП starts a new number from 0,
                           as on an entry key's error (measured) */
} vm_show;

/* What the display register's first mantissa cell holds in a run, where
 * the machine's steps write it but the digit register (vm_machine's
 * digits, point, ...: the number as typed or last loaded) stays: ВП on a
 * finished number types the digit register again with its first cell
 * taken from here (measured, docs/machine.md "The display register"). */
typedef enum vm_lead {
    VM_LEAD_DIGITS = 0, /* the digit register's own first cell: at rest, and
                           after entry steps and the display's loads (ИП,
                           КИП, FВx, Сx, and the steps that pass X through
                           the display routine: В↑, an F condition that
                           holds, an FL that falls through) */
    VM_LEAD_OPERAND,    /* the first digit of X1, the operand of the step
                           (+ − × ÷, the functions, ↔, F⟳, Fπ, К СЧ) */
    VM_LEAD_X,          /* the first digit of X, a step that left X as it
                           was (НОП, БП, ПП, В/О, an F condition that
                           jumps, a К condition that does not) */
    VM_LEAD_SIGN,       /* X's sign nibble (П, КП): 0, or 9 */
    VM_LEAD_POINTER     /* + r: the last digit of register r's exponent, a
                           pointer or counter in its integer form (FL that
                           jumps, КБП, КПП, a К condition that jumps) */
} vm_lead;

typedef enum vm_prefix { VM_PREFIX_NONE, VM_PREFIX_F, VM_PREFIX_K } vm_prefix;
typedef enum vm_mode { VM_MODE_AUTO, VM_MODE_PROG } vm_mode;

typedef struct vm_machine {
    vm_profile_id profile;
    int steps, regs;           /* the profile's limits, cached */
    uint16_t prog[VM_MAX_STEPS];  /* program cells (vm_program.h) */
    vm_num x, y, z, t, x1;     /* the stack and X1 ("Вx") */
    vm_num reg[VM_MAX_REGS];
    int pc;                    /* next step to execute (or to write, in
                                  programming mode): for mk61 the machine's
                                  counter 0..159, whose 105..159 name cells
                                  again (vm_cell) */
    int rstack[VM_RSTACK];     /* return addresses, rsp of them in use */
    int rsp;
    int rfill;                 /* what the levels not in use hold, as the
                                  address of a call's last cell (a return
                                  goes to rfill + 1): 00 at power-on; a
                                  return from a full stack refills them
                                  from the bottom level, its units digit
                                  twice (01 becomes 11: measured) */

    /* The display register (docs/machine.md, "The display register"): the
     * number the 12 cells show at rest, which is also the number ВП, "," and
     * the digit keys work on. The real machine keeps it apart from X: an
     * operation in a running program changes X, not the display, so a "," or
     * ВП after it works on the number shown before; at rest (after a key, or
     * when a program stops) it shows X again. While entry != NONE, x holds
     * the value of the digits typed so far. */
    vm_entry entry;
    bool lift;                 /* the next digit lifts the stack first */
    char digits[9];            /* mantissa cells, NUL-terminated, at most 8:
                                  '0'..'9', and 'A'..'F' for the hex glyphs
                                  (-, L, C, Г, E, blank); leading zeros too */
    int point;                 /* digits before the decimal point, -1: after
                                  the last */
    bool mant_neg;
    int mant_sign;             /* a sign nibble other than 0 and 9 of the
                                  number shown (a pointer's carry, vm_num.hex),
                                  else 0: the sign cell shows it plus 1 (1
                                  shows 2, 8 shows 9: measured) */
    int exp_digits[2], exp_count; /* the exponent as typed (entry EXPONENT) */
    bool exp_neg;
    int exp_base;              /* the exponent the digits have besides the
                                  typed one: a number shown in exponent form
                                  (0.5 is "5" and -1), ВП again */
    bool exp_form;             /* at rest, the exponent cells show exp_base */
    bool exp_open;             /* a typed exponent ended by an operation that
                                  left the display register (in a run: +,
                                  x², П, БП, ...): exp_digits/exp_neg still
                                  hold it, so /-/ negates it (X from the
                                  display register: "4 ВП 2 + /-/" in a
                                  program gives 0.04) and a comma is ЕГГОГ,
                                  until the register is loaded (measured) */
    vm_show show;
    uint8_t lead;              /* vm_lead: the display register's first cell
                                  as the step before left it in a run ("12
                                  П1 ВП 5" gives 2e5: 02 typed again) */
    int eex_base;              /* the exponent ВП last started from: the
                                  place of the number it was pressed on
                                  (its digits before the point less 1,
                                  plus its exponent); 0 once a new number
                                  came or the display routine showed a
                                  number in fixed notation (exponent 0..7
                                  or 0: by hand В↑, ИП, КИП, an operation;
                                  Сx; not /-/). ВП on a result
                                  past 1e99 shown as ЕГГОГ adds its typed
                                  exponent to this (measured) */
    bool eex_point;            /* a `,` (in a number or on a finished one),
                                  an entry key's error or ЕГГОГ of a result
                                  past 1e99 came, and no ВП, Сx or new
                                  number's digit since: a result past 1e99
                                  shown then is VM_SHOW_ERROR_RANGE_ZERO,
                                  ВП on it starts a new number from 0
                                  (measured: "99999,9 x² x² x² x² x² ВП 1"
                                  is 1; "999999 x² x² x² x² x² ВП 1" types
                                  E9996800) */

    /* Inside a run only (vm_run, vm_run_watched, vm_step), where the display
     * is dark: a step that loads the display register (ИП, КИП, FВx, Сx)
     * records the value here, and the register is loaded from it when
     * something reads it (a number-entry step, an error, a stop) or the
     * call returns. False whenever a vm_ call has returned. */
    bool display_pending;
    vm_num display_value;

    vm_prefix prefix;          /* F or K pressed, waiting for the next key */
    int pending;               /* a key that needs an operand (П, ИП, БП,
                                  ПП, K П, ...) waits: its code, else -1 */
    int pending_digits, pending_value; /* address digits typed so far */
    vm_mode mode;
    vm_angle angle;
    bool running;              /* С/П pressed: executing until a halt */

    vm_halt halt;              /* why it stopped (VM_HALT_NONE: it has not) */
    vm_warn warn;              /* the latest diagnostic (vm_warn) */
    int warn_pc, warn_value;   /* where, and the register or address */
    int warn_arg;              /* VM_WARN_POINTER: the pointer's last two
                                  digits; VM_WARN_RSTACK: the lost return */
    vm_num_status num_error;   /* with VM_HALT_ERROR */
    int halt_pc;               /* the address of the step that halted */
    uint16_t halt_code;        /* its code (a cell: may be above 0xFF) */

    uint64_t executed;         /* instructions executed since power-on */
    uint64_t rng;              /* K СЧ's generator state */
} vm_machine;

/* The memory cell the program counter pc names: pc itself below the
 * profile's steps; on the MK-61, 105..111 name cells 0..6 and 112..165
 * cells 0..53 (measured, docs/machine.md "The program counter"). */
int vm_cell(const vm_machine *m, int pc);

/* The address a jump's cell names: tens in the bits above the low nibble,
 * units in it, a units nibble A..F counting 10..15 (measured: БП 0A goes
 * to 10, БП FF to 165); modulo vm_pc_limit for mk61x. */
int vm_cell_address(const vm_machine *m, uint16_t cell);

/* How far the program counter counts before it wraps to 0: 160 for mk61
 * (00..F9), 1000 for mk61x. */
int vm_pc_limit(const vm_machine *m);
/* One past the largest value the counter can hold: 166 for mk61, where a
 * jump to FA..FF sets it to 160..165 (cells 48..53; the next step is 1..6:
 * measured), and vm_pc_limit for mk61x. */
int vm_pc_end(const vm_machine *m);

/* Power on: all zero, automatic mode, the given profile, angle in radians. */
void vm_init(vm_machine *m, vm_profile_id profile);

/* Loads a program: its codes, its registers' starting values, pc = start.
 * Stack, other registers and return stack are cleared. */
void vm_load(vm_machine *m, const vm_program *p);

/* What one executed step did, for tracers (filled when out is not NULL). */
typedef struct vm_trace {
    int pc;         /* address of the instruction */
    uint16_t code;  /* its first cell */
    int length;     /* 1 or 2 steps */
    vm_num x, y;    /* X and Y after it */
} vm_trace;

/* Executes the instruction at pc, in automatic mode. Returns m->halt after
 * it (VM_HALT_NONE when the program goes on). A halted machine does
 * nothing and returns its halt reason until vm_clear_halt or a key; a
 * machine halted by VM_HALT_BUDGET simply goes on. */
vm_halt vm_step(vm_machine *m, vm_trace *out);

/* The real calculator's duration of the instruction at pc, in ms (vm_isa.h);
 * 0 when pc holds no documented code. */
unsigned vm_next_ms(const vm_machine *m);

/* Runs from pc until the program stops, an error, or budget instructions
 * (VM_HALT_BUDGET; 0 means no budget). */
vm_halt vm_run(vm_machine *m, uint64_t budget);

/* A look at the machine before each step of a run: false stops the run
 * before the step. The machine is mid-run: its display register (digits
 * .. show) may lag behind (display_pending), as the dark display does. */
typedef bool (*vm_look)(void *ctx, const vm_machine *m);

/* vm_run, calling before(ctx, m) ahead of every step. Returns VM_HALT_NONE,
 * the machine still running, when before stopped it. */
vm_halt vm_run_watched(vm_machine *m, uint64_t budget, vm_look before, void *ctx);

/* A run interrupted from outside (a step budget, a breakpoint, С/П pressed
 * while it runs): it is no longer running and the display shows X, as the
 * real machine's does when it stops. A machine not running (the program
 * stopped itself, and shows what it left) is left as it is. */
void vm_stop_run(vm_machine *m);

/* Forgets a halt so that execution can go on (С/П pressed again). */
void vm_clear_halt(vm_machine *m);

/* A diagnostic as a sentence: "return stack wrapped at 12: the return to
 * 07 is lost", "pointer 37 at 05 names register 1", "ran past step 104 to
 * A5 (cell 00) at A5", "hex digits in X at 12", "X out of range (ЕГГОГ) at
 * 30"; "" for VM_WARN_NONE. Returns buf. */
const char *vm_warn_text(const vm_machine *m, char *buf, size_t size);

/* An address as the MK-61 writes it: two digits whose tens may be A..F
 * (105 is "A5"); mk61x addresses are three decimal digits. Returns buf. */
const char *vm_addr_text(const vm_machine *m, int addr, char buf[8]);

/* Whether a halt is an error, shown as ЕГГОГ (every halt but a stop by С/П
 * and a spent budget). */
bool vm_halt_is_error(vm_halt h);

#endif
