/* The fast instruction loop against the observed one (a differential test).
 *
 * vm_run and vm_run_watched defer the display register's loads while a
 * program runs (vm_machine's display_pending), and a digit on a finished
 * number skips the deferred load and the entry's re-reading of the digits.
 * vm_step, one call a step, leaves nothing deferred. Here random programs
 * (the vm fuzzer's machines: fuzz_machine_load) and random key sequences
 * run both ways, the observed way looking at the state text, the display
 * and the display "as stopped" after every step; after every run of the
 * fast way the two machines' whole state (vm_state text, display, halt)
 * must be the same. */
#include "../fuzz/fuzz_machine.h"
#include "asm.h"
#include "emulator_tests.h"
#include "vm_keys.h"
#include "vm_state.h"

#include <stdio.h>
#include <string.h>

#define INPUTS 300    /* random machines */
#define STEPS 1500    /* steps a machine runs at most */
#define KEYS 300      /* key presses of a key sequence */

static uint64_t next(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* Everything one can see of a machine, as text. */
static void seen(const vm_machine *m, char *buf, size_t size)
{
    int n = vm_state_format(m, buf, size);
    ck_assert_int_gt(n, 0);
    ck_assert_int_lt(n, (int)size - 200);
    vm_display d, stopped;
    vm_display_get(m, &d);
    vm_display_stopped(m, &stopped);
    char a[64], b[64];
    vm_display_text(&d, a, sizeof a);
    vm_display_text(&stopped, b, sizeof b);
    snprintf(buf + n, size - (size_t)n, "shown [%s] stopped [%s] running %d pending %d\n", a, b,
             m->running, m->display_pending);
}

static char fast_text[1 << 15], slow_text[1 << 15];

/* The observed way: vm_run's contract, one vm_step at a time, everything
 * looked at after each. */
static vm_halt observed_run(vm_machine *m, uint64_t budget)
{
    if (m->halt != VM_HALT_NONE && m->halt != VM_HALT_BUDGET)
        return m->halt;
    m->halt = VM_HALT_NONE;
    m->running = true;
    for (uint64_t n = 0; n < budget; n++) {
        vm_halt h = vm_step(m, NULL);
        vm_display d;
        vm_display_get(m, &d);
        vm_display_stopped(m, &d);
        if (n % 8 == 0) /* the state text, the costly look: every 8th step */
            seen(m, slow_text, sizeof slow_text);
        ck_assert(!m->display_pending);
        if (h != VM_HALT_NONE)
            return h;
    }
    m->halt = VM_HALT_BUDGET;
    return VM_HALT_BUDGET;
}

/* A look that stops the run before its stop_at-th step. */
typedef struct counting {
    uint64_t seen, stop_at;
} counting;

static bool count_look(void *ctx, const vm_machine *m)
{
    counting *c = ctx;
    (void)m;
    return c->seen++ < c->stop_at;
}

static void same(const vm_machine *fast, const vm_machine *slow, const char *what, long k)
{
    ck_assert_msg(!fast->display_pending, "%s %ld: a load left deferred", what, k);
    seen(fast, fast_text, sizeof fast_text);
    seen(slow, slow_text, sizeof slow_text);
    ck_assert_msg(strcmp(fast_text, slow_text) == 0, "%s %ld: the fast run\n%s\nthe observed\n%s",
                  what, k, fast_text, slow_text);
}

/* Runs fast with vm_run (or vm_run_watched stopping at a random step) and
 * slow with vm_step for the same budget; true when the run stopped for
 * good (an undocumented code). */
static bool run_both(vm_machine *fast, vm_machine *slow, uint64_t *rng, long k)
{
    uint64_t budget = 1 + next(rng) % 64;
    vm_halt hf;
    if (next(rng) % 3 == 0) {
        counting c = {0, next(rng) % (budget + 8)};
        hf = vm_run_watched(fast, budget, count_look, &c);
        if (hf == VM_HALT_NONE) { /* the look stopped it before step c.stop_at */
            ck_assert_uint_eq(c.stop_at, c.seen - 1);
            budget = c.stop_at;
        }
    } else {
        hf = vm_run(fast, budget);
    }
    vm_halt hs = observed_run(slow, budget);
    if (hf == VM_HALT_NONE) {
        ck_assert(fast->running);
        ck_assert_int_eq(hs, VM_HALT_BUDGET);
        slow->halt = VM_HALT_NONE; /* the look's stop sets no halt */
    } else {
        ck_assert_int_eq(hf, hs);
    }
    same(fast, slow, "run", k);
    if (hf == VM_HALT_BAD_OPCODE)
        return true;
    vm_clear_halt(fast); /* on, as С/П after ЕГГОГ goes on */
    vm_clear_halt(slow);
    return false;
}

START_TEST(programs)
{
    static vm_machine fast, slow;
    uint64_t rng = 0x9E3779B97F4A7C15ull;
    long runs = 0;
    for (int input = 0; input < INPUTS; input++) {
        /* A fuzzer's input: mostly documented codes, so that runs go on. */
        uint8_t data[1 + 16 * 7 + 2 * 120];
        size_t size = 1 + next(&rng) % (sizeof data - 1);
        for (size_t i = 0; i < size; i++)
            data[i] = (uint8_t)next(&rng);
        data[0] &= 0xF7; /* byte cells */
        size_t at = 1 + (size_t)(data[0] >> 4) * 7;
        for (size_t i = at; i < size; i++)
            while (!vm_op(data[i]))
                data[i] = (uint8_t)next(&rng);
        fuzz_machine_load(&fast, data, size);
        slow = fast;
        uint64_t start = fast.executed;
        for (long k = 0; fast.executed - start < STEPS && k < STEPS; k++, runs++)
            if (run_both(&fast, &slow, &rng, runs))
                break;
    }
    ck_assert_int_gt(runs, INPUTS * 10);
}
END_TEST

/* Keys pressed on both (digits, ВП, the point, /-/, F and K, П and ИП with
 * registers, С/П and В/О), the program started by С/П running both ways. */
START_TEST(keys)
{
    static vm_machine fast, slow;
    static const char *const programs[] = {
        "loop: ИП 0\n ИП 1\n +\n П 1\n FL0 loop\n ИП 1\n 5\n ВП\n 2\n С/П\n"
        " ,\n 3\n Сx\n 4\n КИП 5\n /-/\n ВП\n 1\n С/П\n БП loop\n",
        "ИП 2\n П 3\n ВП\n 5\n С/П\n ИП 4\n ,\n 5\n С/П\n FВx\n 7\n С/П\n ИП 6\n Fx²\n"
        " /-/\n 2\n С/П\n Сx\n ВП\n 3\n С/П\n КП 7\n ВП\n 1\n С/П\n",
        /* ЕГГОГ with the exponent kept typed, then (the step after the
         * error skipped) a digit after Сx after В↑: no lift */
        "2\n ВП\n 5\n Fsin⁻¹\n КНОП\n В↑\n Сx\n 5\n С/П\n ИП 1\n 7\n С/П\n",
    };
    uint64_t rng = 0x2545F4914F6CDD1Dull;
    long pressed = 0;
    for (int round = 0; round < 12; round++) {
        vm_program p;
        asm_errors errs;
        ck_assert(asm_assemble(programs[round % 3], "keys", &p, NULL, &errs));
        vm_init(&fast, VM_PROFILE_MK61);
        vm_load(&fast, &p);
        for (int r = 0; r < VM_REGISTERS; r++)
            fast.reg[r] = vm_num_from_int((int64_t)(next(&rng) % 2000) - 1000);
        slow = fast;
        for (int k = 0; k < KEYS; k++, pressed++) {
            vm_key key = (vm_key)(next(&rng) % VM_KEY_COUNT);
            if (next(&rng) % 4 == 0 || k < 2)
                key = VM_KEY_RS; /* runs, often */
            vm_press(&fast, key);
            vm_press(&slow, key);
            same(&fast, &slow, "key", pressed);
            for (int n = 0; fast.running && n < 8; n++)
                if (run_both(&fast, &slow, &rng, pressed))
                    break;
            if (fast.running) {
                vm_stop_run(&fast);
                vm_stop_run(&slow);
                same(&fast, &slow, "stop", pressed);
            }
        }
    }
}
END_TEST

Suite *fast_suite(void)
{
    Suite *s = suite_create("fast");
    TCase *tc = tcase_create("fast");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, programs);
    tcase_add_test(tc, keys);
    suite_add_tcase(s, tc);
    return s;
}
