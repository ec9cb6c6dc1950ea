/* Fuzz target: the machine as text (vm_state_parse, vm_state_format;
 * vm_state.h). A text that parses holds only values in the ranges listed
 * there, formats, and reads back to the very same machine (field by
 * field) and the very same text. The parsed machine then takes keys and
 * steps, given by the bytes after a NUL that ends the text (a byte below
 * 0x80 presses key byte % 30, one above runs up to byte & 0x7F + 1 steps),
 * and must still round-trip: a saved session goes on from any machine
 * parse accepts. */
#include "../vm_holdable.h"
#include "vm_keys.h"
#include "vm_state.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static bool num_same(vm_num a, vm_num b)
{
    return a.mant == b.mant && a.exp == b.exp && a.neg == b.neg && a.hex == b.hex;
}

/* Every field the text carries (vm_state.h), and the zeros it does not. */
static bool same(const vm_machine *a, const vm_machine *b)
{
    bool ok = a->profile == b->profile && a->steps == b->steps && a->regs == b->regs &&
              memcmp(a->prog, b->prog, sizeof a->prog) == 0 && num_same(a->x, b->x) &&
              num_same(a->y, b->y) && num_same(a->z, b->z) && num_same(a->t, b->t) &&
              num_same(a->x1, b->x1) && a->pc == b->pc && a->rsp == b->rsp &&
              memcmp(a->rstack, b->rstack, sizeof a->rstack) == 0 && a->entry == b->entry &&
              a->lift == b->lift && strcmp(a->digits, b->digits) == 0 && a->point == b->point &&
              a->mant_neg == b->mant_neg && a->exp_digits[0] == b->exp_digits[0] &&
              a->exp_digits[1] == b->exp_digits[1] && a->exp_count == b->exp_count &&
              a->exp_neg == b->exp_neg && a->exp_base == b->exp_base && a->show == b->show &&
              a->exp_form == b->exp_form && a->exp_open == b->exp_open &&
              a->rfill == b->rfill && a->lead == b->lead && a->eex_base == b->eex_base && a->eex_point == b->eex_point &&
              a->prefix == b->prefix && a->pending == b->pending &&
              a->pending_digits == b->pending_digits && a->pending_value == b->pending_value &&
              a->mode == b->mode && a->angle == b->angle && a->running == b->running &&
              a->halt == b->halt && a->num_error == b->num_error && a->halt_pc == b->halt_pc &&
              a->halt_code == b->halt_code && a->warn == b->warn && a->warn_pc == b->warn_pc &&
              a->warn_value == b->warn_value && a->executed == b->executed && a->rng == b->rng;
    for (int r = 0; ok && r < VM_MAX_REGS; r++)
        ok = num_same(a->reg[r], b->reg[r]);
    return ok;
}

static bool in(int v, int lo, int hi)
{
    return v >= lo && v <= hi;
}

/* The ranges of vm_state.h (the counter 0..165 on mk61, vm.h); with parsed,
 * also the zeros parse leaves in what the text does not carry. */
static bool in_range(const vm_machine *m, bool parsed)
{
    const vm_profile *p = vm_profile_get(m->profile);
    if (!p || m->steps != p->steps || m->regs != p->regs)
        return false;
    unsigned max_cell = m->profile == VM_PROFILE_MK61 ? 0xFF : 0xFFFF;
    for (int a = 0; a < VM_MAX_STEPS; a++)
        if (a < m->steps ? m->prog[a] > max_cell : parsed && m->prog[a] != 0)
            return false;
    for (int r = m->regs; parsed && r < VM_MAX_REGS; r++)
        if (!num_same(m->reg[r], vm_num_zero()))
            return false;
    const char *nul = memchr(m->digits, '\0', sizeof m->digits);
    size_t nd = nul ? (size_t)(nul - m->digits) : sizeof m->digits;
    if (nd > 8 || strspn(m->digits, "0123456789ABCDEF") != nd) /* A..F: glyphs */
        return false;
    for (size_t i = nd; parsed && i < sizeof m->digits; i++)
        if (m->digits[i] != '\0')
            return false;
    int limit = vm_pc_end(m);
    const vm_num nums[5] = {m->x, m->y, m->z, m->t, m->x1};
    for (int i = 0; i < 5; i++)
        if (!vm_holdable(nums[i]))
            return false;
    for (int r = 0; r < VM_MAX_REGS; r++)
        if (!vm_holdable(m->reg[r]))
            return false;
    bool ok = in(m->pc, 0, limit - 1) && in(m->rsp, 0, VM_RSTACK) &&
              in((int)m->entry, 0, VM_ENTRY_EXPONENT) && in(m->point, -1, (int)nd) &&
              in(m->exp_digits[0], 0, 9) && in(m->exp_digits[1], 0, 9) &&
              in(m->exp_count, 0, 2) && in(m->exp_base, -999, 999) &&
              in((int)m->show, 0, VM_SHOW_ERROR_RANGE_ZERO) && in((int)m->prefix, 0, VM_PREFIX_K) &&
              in((int)m->lead, 0, VM_LEAD_POINTER + VM_REGISTERS - 1) &&
              in(m->eex_base, -999, 999) &&
              (m->pending == -1 || m->pending == VM_ACT_GOTO || in(m->pending, 0, 0xFF)) &&
              in(m->pending_digits, 0, 2) && in(m->pending_value, 0, 255) &&
              in((int)m->mode, 0, VM_MODE_PROG) && in((int)m->angle, 0, VM_DEG) &&
              in((int)m->halt, 0, VM_HALT_BUDGET) && in((int)m->num_error, 0, VM_NUM_DOMAIN) &&
              in(m->halt_pc, 0, limit - 1) && m->halt_code <= max_cell &&
              in((int)m->warn, 0, VM_WARN_OPERAND) && in(m->warn_pc, 0, limit - 1) &&
              in(m->warn_value, 0, 999);
    for (int i = 0; ok && i < VM_RSTACK; i++)
        ok = in(m->rstack[i], 0, limit - 1);
    return ok;
}

static char *format(const vm_machine *m)
{
    int need = vm_state_format(m, NULL, 0);
    if (need <= 0)
        abort();
    char *text = malloc((size_t)need + 1);
    if (!text)
        abort();
    if (vm_state_format(m, text, (size_t)need + 1) != need || strlen(text) != (size_t)need)
        abort();
    return text;
}

/* Written and read back: the same machine, the same text. */
static void round_trip(const vm_machine *m)
{
    static vm_machine back;
    char *text = format(m);
    memset(&back, 0xA5, sizeof back);
    vm_state_error err;
    if (!vm_state_parse(text, &back, &err) || !same(m, &back))
        abort();
    char *again = format(&back);
    if (strcmp(text, again) != 0)
        abort();
    free(again);
    free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static vm_machine m, untouched;
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    memset(&m, 0x5A, sizeof m);
    untouched = m;
    vm_state_error err;
    bool ok = vm_state_parse(text, &m, &err);
    if (!ok) {
        /* All or nothing, and a line and a message. */
        int lines = 1;
        for (const char *s = text; *s; s++)
            lines += *s == '\n';
        if (memcmp(&m, &untouched, sizeof m) != 0 || err.line < 1 || err.line > lines + 1 ||
            err.message[0] == '\0' || strchr(err.message, '\n'))
            abort();
        free(text);
        return 0;
    }
    if (!in_range(&m, true))
        abort();
    round_trip(&m);
    /* A cut text: a terminated prefix of the whole. */
    char *whole = format(&m), cut[48];
    size_t want = size % sizeof cut + 1;
    if (vm_state_format(&m, cut, want) != (int)strlen(whole) || strlen(cut) >= want ||
        strncmp(cut, whole, strlen(cut)) != 0)
        abort();
    free(whole);

    /* Goes on: keys and steps from the bytes after the text's NUL. */
    size_t from = strlen(text) + 1;
    for (size_t i = from; i < size && i < from + 64; i++) {
        uint8_t b = data[i];
        if (b & 0x80) {
            m.halt = VM_HALT_NONE;
            vm_run(&m, (uint64_t)(b & 0x7F) + 1);
        } else {
            vm_press(&m, (vm_key)(b % VM_KEY_COUNT));
            if (m.running)
                vm_run(&m, 200);
        }
        vm_display d;
        char shown[64];
        vm_display_get(&m, &d);
        vm_display_text(&d, shown, sizeof shown);
        /* Still a machine the text can hold. */
        if (!in_range(&m, false))
            abort();
    }
    round_trip(&m);
    free(text);
    return 0;
}
