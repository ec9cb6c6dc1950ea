/* Fuzz target: the keypad (vm_key_next, vm_key_find, vm_press; vm_keys.h).
 * The input's first byte picks the machine: a fresh mk61 or mk61x, the
 * Kalah program (programs/kalah.mk61) or a small mk61 program loaded. The
 * rest is key names as `mk61 run --keys` takes them ("В/О С/П 3 С/П"); a
 * word that names no key presses the key its first byte gives instead. A
 * program started by С/П runs with a step budget before the next key, as
 * the commands do. The machine keeps the invariants of vm.h and vm_num.h
 * after every key, and its vm_state text reads back exactly. */
#include "asm.h"
#include "fuzz_machine.h"
#include "fuzz_util.h"
#include "vm_keys.h"
#include "vm_state.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RUN_STEPS 2000    /* a run between two keys */
#define INPUT_STEPS 40000 /* all runs of an input */
#define KEYS_MAX 3000     /* keys pressed an input */

static const char small_program[] = "; the sum 1 + ... + 10, then a square of a keyed number\n"
                                    ".reg 0 10\n"
                                    "      Сx\n"
                                    "      П 1\n"
                                    "loop: ИП 0\n"
                                    "      ИП 1\n"
                                    "      +\n"
                                    "      П 1\n"
                                    "      FL0 loop\n"
                                    "      ИП 1\n"
                                    "sq:   С/П\n"
                                    "      Fx²\n"
                                    "      КП 4\n"
                                    "      КИП 5\n"
                                    "      БП sq\n";

static vm_program programs[2];

static void load_programs(void)
{
    static bool done;
    if (done)
        return;
    done = true;
    fuzz_load_kalah("fuzz_keys", &programs[0], NULL);
    if (!asm_assemble(small_program, "small", &programs[1], NULL, NULL))
        abort();
    /* Every key by its name and its Latin alias. */
    for (int k = 0; k < VM_KEY_COUNT; k++)
        if (vm_key_find(vm_key_get((vm_key)k)->name) != k ||
            vm_key_find(vm_key_get((vm_key)k)->latin) != k)
            abort();
}

static char *format(const vm_machine *m)
{
    int need = vm_state_format(m, NULL, 0);
    char *text = need > 0 ? malloc((size_t)need + 1) : NULL;
    if (!text || vm_state_format(m, text, (size_t)need + 1) != need)
        abort();
    return text;
}

static void round_trip(const vm_machine *m)
{
    static vm_machine back;
    char *text = format(m);
    if (!vm_state_parse(text, &back, NULL))
        abort();
    char *again = format(&back);
    if (strcmp(text, again) != 0)
        abort();
    free(again);
    free(text);
}

/* cells: whether a key could have written a program cell (only keys in
 * programming mode write them, vm_keys.c's store). */
static void check(const vm_machine *m, bool cells)
{
    vm_display d = fuzz_check_machine(m);
    char shown[64];
    vm_display_text(&d, shown, sizeof shown);
    unsigned max_cell = m->profile == VM_PROFILE_MK61 ? 0xFF : 0xFFFF;
    if (strlen(m->digits) > 8 || m->point < -1 || m->point > (int)strlen(m->digits) ||
        m->exp_count < 0 || m->exp_count > 2 || m->pending_digits < 0 ||
        m->pending_digits > 2 || m->pending_value < 0 || m->pending_value > 255 ||
        m->halt_code > max_cell)
        abort();
    for (int a = 0; cells && a < m->steps; a++)
        if (m->prog[a] > max_cell)
            abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static vm_machine m;
    load_programs();
    if (size < 1)
        return 0;
    switch (data[0] % 4) {
    case 0: vm_init(&m, VM_PROFILE_MK61); break;
    case 1: vm_init(&m, VM_PROFILE_MK61X); break;
    default:
        vm_init(&m, VM_PROFILE_MK61);
        vm_load(&m, &programs[data[0] % 4 - 2]);
        break;
    }
    char *text = malloc(size);
    if (!text)
        return 0;
    memcpy(text, data + 1, size - 1);
    text[size - 1] = '\0';
    const char *s = text;
    uint64_t steps = 0;
    for (int pressed = 0; pressed < KEYS_MAX; pressed++) {
        const char *before = s;
        int key = -1;
        size_t len = 0;
        int r = vm_key_next(&s, &key, &len);
        if (r == 0) {
            if (strspn(before, " \t\n") != strlen(before))
                abort();
            break;
        }
        if (r < 0) {
            /* Not a key: *text at the word, len its length. */
            if (len == 0 || s < before || strspn(s, " \t\n") != 0)
                abort();
            key = (unsigned char)s[0] % VM_KEY_COUNT;
            s += len;
        } else {
            /* A key: *text past its name, which names the same key. */
            char name[32];
            if (key < 0 || key >= VM_KEY_COUNT || len == 0 || len >= sizeof name ||
                s - len < before)
                abort();
            memcpy(name, s - len, len);
            name[len] = '\0';
            if (vm_key_find(name) != key)
                abort();
        }
        bool programming = m.mode == VM_MODE_PROG;
        vm_press(&m, (vm_key)key);
        if (m.running && steps < INPUT_STEPS) {
            uint64_t from = m.executed;
            vm_run(&m, RUN_STEPS);
            steps += m.executed - from + 1;
        }
        check(&m, programming || m.mode == VM_MODE_PROG || pressed == 0);
        if (pressed % 64 == 63)
            round_trip(&m);
    }
    round_trip(&m);
    free(text);
    return 0;
}
