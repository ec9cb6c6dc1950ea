/* Helpers shared by the emulator's tests (vm_check.h says which). */
#include "vm_check.h"

#include <stdio.h>
#include <string.h>

vm_num vc_num(const char *text)
{
    vm_num n = {12345678, 55, true, false}; /* a marker the parse must overwrite */
    ck_assert_msg(vm_num_parse(text, &n), "vm_num_parse(\"%s\") failed", text);
    return n;
}

void vc_assert_num(vm_num got, const char *want, const char *expr, const char *file, int line)
{
    char buf[64];
    vm_num_format(got, buf, sizeof buf);
    ck_assert_msg(vm_num_eq(got, vc_num(want)), "%s:%d: %s is %s {mant %d, exp %d%s}, want %s",
                  file, line, expr, buf, (int)got.mant, (int)got.exp, got.neg ? ", neg" : "",
                  want);
}

void vc_assert_stack(const vm_machine *m, const char *x, const char *y, const char *z,
                     const char *t, const char *file, int line)
{
    const char *want[4] = {x, y, z, t};
    const vm_num got[4] = {m->x, m->y, m->z, m->t};
    const char *names = "XYZT";
    for (int i = 0; i < 4; i++) {
        if (!want[i])
            continue;
        char what[4] = {names[i], 0, 0, 0};
        vc_assert_num(got[i], want[i], what, file, line);
    }
}

void vc_set_stack(vm_machine *m, const char *x, const char *y, const char *z, const char *t)
{
    if (x)
        m->x = vc_num(x);
    if (y)
        m->y = vc_num(y);
    if (z)
        m->z = vc_num(z);
    if (t)
        m->t = vc_num(t);
}

void vc_load(vm_machine *m, vm_profile_id profile, const uint8_t *code, int n, int start)
{
    static vm_program p; /* large; tests run one at a time in their own process */
    vm_program_init(&p, profile);
    ck_assert_int_le(n, VM_MAX_STEPS);
    for (int i = 0; i < n; i++)
        p.code[i] = code[i];
    p.length = n;
    p.start = start;
    vm_init(m, profile);
    vm_load(m, &p);
}

const char *vc_display(const vm_machine *m, char *buf, size_t size)
{
    vm_display d;
    vm_display_get(m, &d);
    vm_display_text(&d, buf, size);
    return buf;
}

void vc_assert_display(const vm_machine *m, const char *want, const char *file, int line)
{
    char buf[96];
    vc_display(m, buf, sizeof buf);
    ck_assert_msg(strcmp(buf, want) == 0, "%s:%d: display \"%s\", want \"%s\"", file, line, buf,
                  want);
}

static uint64_t rng_state = 1;

void vc_seed(uint64_t seed)
{
    rng_state = seed ? seed : 1;
}

uint32_t vc_rand(void)
{
    rng_state ^= rng_state << 13; /* xorshift64 */
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state >> 11);
}

vm_num vc_random_num(void)
{
    switch (vc_rand() % 4) {
    case 0: return vm_num_from_int((int)(vc_rand() % 40) - 8);
    case 1: return vm_num_from_int((int)(vc_rand() % 200000) - 100000);
    case 2: {
        vm_num n = {(uint32_t)(10000000 + vc_rand() % 90000000),
                    (int16_t)((int)(vc_rand() % 199) - 99), (vc_rand() & 1) != 0, false};
        return n;
    }
    default: return vm_num_zero();
    }
}

void vc_assert_normal(vm_num a, const char *what, int round)
{
    bool ok = a.mant == 0 ? a.exp == 0 && !a.neg
                          : a.mant >= 10000000 && a.mant <= 99999999 && a.exp >= -99 && a.exp <= 99;
    ck_assert_msg(ok, "round %d: %s is {%d, %d, %d}", round, what, (int)a.mant, (int)a.exp,
                  (int)a.neg);
}

bool vc_cells_are(const uint16_t *cells, const void *bytes, int n)
{
    const unsigned char *b = bytes;
    for (int i = 0; i < n; i++)
        if (cells[i] != b[i])
            return false;
    return true;
}

void vc_press(vm_machine *m, const char *seq)
{
    int k, got;
    size_t n;
    while ((got = vm_key_next(&seq, &k, &n)) != 0) {
        ck_assert_msg(got > 0, "no key named \"%.*s\"", (int)n, seq);
        vm_press(m, (vm_key)k);
    }
}
