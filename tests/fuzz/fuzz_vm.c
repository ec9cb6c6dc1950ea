/* Fuzz target: the machine (vm.h) on random code. The input's first byte
 * picks the profile, the angle unit, byte or 16-bit cells and how many
 * registers get values; then 7 bytes a register (a number, or any 12
 * nibbles a register of the real machine holds: loop counters, pointers
 * of every form, hex digits, exponents past 99), then the program cells.
 * The program runs with a step budget (С/П pressed again after each stop,
 * as a person would), a copy taken halfway runs on independently to the
 * same end, and a stepper with a breakpoint and a watch runs it too. After
 * every run the machine keeps the invariants of vm.h, vm_num.h and
 * vm_state.h (its text reads back to the same text). */
#include "fuzz_machine.h"
#include "vm_keys.h"
#include "vm_state.h"
#include "vm_stepper.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define RUNS 4        /* vm_run calls an input */
#define RUN_STEPS 3000 /* each with this budget */

/* The machine's vm_state text, in buf (snprintf-style: the whole length). */
static const char *format(const vm_machine *m, char *buf, size_t size)
{
    int need = vm_state_format(m, buf, size);
    if (need <= 0 || (size_t)need >= size || strlen(buf) != (size_t)need)
        abort();
    return buf;
}

static char text[2][1 << 15];

/* The exact text round trip of vm_state.h; the text stays in text[0]. */
static void round_trip(const vm_machine *m)
{
    static vm_machine back;
    format(m, text[0], sizeof text[0]);
    if (!vm_state_parse(text[0], &back, NULL))
        abort();
    if (strcmp(text[0], format(&back, text[1], sizeof text[1])) != 0)
        abort();
}

/* vm.h's and vm_num.h's promises about a machine that has run. */
static void check(const vm_machine *m)
{
    vm_display d = fuzz_check_machine(m);
    if (m->halt == VM_HALT_ERROR && m->num_error == VM_NUM_OK)
        abort();
    char shown[64];
    int n = vm_display_text(&d, shown, sizeof shown);
    if (n < VM_DISPLAY_CELLS || (size_t)n >= sizeof shown)
        abort();
}

/* Runs as a person would: С/П again after each stop, until an error or
 * RUNS budgets are spent. */
static void run(vm_machine *m, int runs)
{
    for (int k = 0; k < runs; k++) {
        uint64_t before = m->executed;
        vm_halt h = vm_run(m, RUN_STEPS);
        /* A spent budget: every step of it was executed and counted. */
        if (h != m->halt || m->executed - before > RUN_STEPS ||
            (h == VM_HALT_BUDGET && m->executed - before != RUN_STEPS))
            abort();
        check(m);
        if (vm_halt_is_error(h))
            return;
        vm_clear_halt(m);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static vm_machine m, copy, other;
    if (size < 1)
        return 0;
    uint8_t flags = data[0];
    fuzz_machine_load(&m, data, size);
    vm_machine start = m;

    /* Half the runs, a snapshot, the other half: the copy runs on to the
     * same machine. */
    run(&m, RUNS / 2);
    copy = m;
    run(&m, RUNS - RUNS / 2);
    run(&copy, RUNS - RUNS / 2);
    round_trip(&m);
    if (strcmp(text[0], format(&copy, text[1], sizeof text[1])) != 0)
        abort();

    /* The stepper: a breakpoint and a watch from the input, single steps
     * and steps over calls. */
    other = start;
    vm_stepper s;
    vm_stepper_init(&s);
    s.breakpoint[(flags * 7 + size) % (size_t)other.steps] = true;
    if (!vm_stepper_watch(&s, &other, (int)(size % (size_t)other.regs)) ||
        vm_stepper_watch(&s, &other, other.regs))
        abort();
    for (int k = 0; k < 8; k++) {
        vm_stop why = k % 2 ? vm_stepper_over(&s, &other, 500) : vm_stepper_run(&s, &other, 500);
        if (why < VM_STOP_HALT || why > VM_STOP_DONE ||
            (why == VM_STOP_WATCH) != (s.watch_hit >= 0) || s.watch_hit >= s.watches)
            abort();
        check(&other);
        if (why == VM_STOP_HALT) {
            if (vm_halt_is_error(other.halt))
                break;
            vm_clear_halt(&other);
        }
    }
    round_trip(&other);
    return 0;
}
