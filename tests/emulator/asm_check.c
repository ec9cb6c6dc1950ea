/* Helpers shared by the assembler's tests (asm_check.h). */
#define _POSIX_C_SOURCE 200809L
#include "asm_check.h"
#include "vm_isa.h"

#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char ac_text[AC_TEXT_MAX];

void ac_assemble(const char *src, vm_program *p, vm_decl *d)
{
    asm_errors e;
    bool ok = asm_assemble(src, "t", p, d, &e);
    char msg[256] = "";
    if (e.kept)
        asm_error_format(&e.error[0], msg, sizeof msg);
    ck_assert_msg(ok, "%s\nin:\n%s", msg, src);
    ck_assert_int_eq(e.count, 0);
}

void ac_expect_codes(const char *src, const uint8_t *want, int n)
{
    vm_program p;
    ac_assemble(src, &p, NULL);
    ck_assert_msg(p.length == n, "'%s': %d steps, expected %d", src, p.length, n);
    for (int i = 0; i < n; i++)
        ck_assert_msg(p.code[i] == want[i], "'%s': step %d is %02X, expected %02X", src, i,
                      p.code[i], want[i]);
}

const char *ac_first_error(const char *src)
{
    static char msg[256];
    vm_program p;
    asm_errors e;
    ck_assert(!asm_assemble(src, "t", &p, NULL, &e));
    ck_assert_int_ge(e.kept, 1);
    asm_error_format(&e.error[0], msg, sizeof msg);
    return msg;
}

const char *ac_golden_text(const char *name)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", ASM_GOLDEN_DIR, name);
    FILE *f = fopen(path, "rb");
    ck_assert_msg(f != NULL, "cannot open %s", path);
    static char buf[4][1 << 15];
    static int which;
    char *b = buf[which++ % 4];
    size_t n = fread(b, 1, sizeof buf[0] - 1, f);
    b[n] = '\0';
    fclose(f);
    return b;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(a, b);
}

int ac_golden_names(const char *ext, int min, char names[AC_GOLDEN_MAX][128])
{
    DIR *d = opendir(ASM_GOLDEN_DIR);
    ck_assert_msg(d != NULL, "cannot open %s", ASM_GOLDEN_DIR);
    int n = 0;
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        size_t len = strlen(e->d_name), el = strlen(ext);
        if (len > el && len < 100 && strcmp(e->d_name + len - el, ext) == 0 && n < AC_GOLDEN_MAX)
            memcpy(names[n++], e->d_name, len + 1);
    }
    closedir(d);
    qsort(names, (size_t)n, sizeof names[0], by_name);
    ck_assert_msg(n >= min, "%d golden files *%s, expected at least %d", n, ext, min);
    return n;
}

static uint32_t seed;

void ac_seed(uint32_t s)
{
    seed = s;
}

uint32_t ac_rnd(uint32_t n)
{
    seed = seed * 1664525u + 1013904223u;
    return (seed >> 8) % n;
}

void ac_random_program(vm_program *p, vm_decl *d, bool raw)
{
    static uint8_t documented[256];
    int ndoc = 0;
    for (int c = 0; c < 256; c++)
        if (vm_op((uint8_t)c))
            documented[ndoc++] = (uint8_t)c;
    vm_program_init(p, ac_rnd(2) ? VM_PROFILE_MK61X : VM_PROFILE_MK61);
    vm_decl_init(d);
    const vm_profile *prof = vm_profile_get(p->profile);
    int len = (int)ac_rnd((uint32_t)prof->steps + 1);
    for (int a = 0; a < len;) {
        if (raw) {
            p->code[a++] = (uint8_t)ac_rnd(256);
            continue;
        }
        const vm_op_info *op = vm_op(documented[ac_rnd((uint32_t)ndoc)]);
        if (op->format == VM_FMT_ADDR && a + 1 >= len)
            continue;
        p->code[a++] = op->code;
        if (op->format == VM_FMT_ADDR)
            p->code[a++] = vm_addr_encode((int)ac_rnd((uint32_t)prof->steps));
    }
    p->length = len;
    p->start = (int)ac_rnd((uint32_t)prof->steps);
    for (int k = (int)ac_rnd(6); k > 0; k--) {
        int r = (int)ac_rnd((uint32_t)prof->regs);
        p->reg_set[r] = true;
        p->reg_init[r] = (vm_num){(uint32_t)(10000000 + ac_rnd(90000000)),
                                  (int16_t)((int)ac_rnd(199) - 99), ac_rnd(2) == 1, false};
        if (ac_rnd(2))
            snprintf(d->reg_name[r], VM_LABEL_MAX, "r%u_%u", (unsigned)ac_rnd(1000), (unsigned)r);
    }
}

void ac_same_codes(const vm_program *want, const vm_program *got)
{
    ck_assert_int_eq(got->length, want->length);
    ck_assert_mem_eq(got->code, want->code, (size_t)want->length * sizeof want->code[0]);
}

void ac_same_program(const vm_program *a, const vm_decl *ad, const vm_program *b,
                     const vm_decl *bd)
{
    ck_assert_int_eq(a->profile, b->profile);
    ac_same_codes(a, b);
    ck_assert_int_eq(a->start, b->start);
    for (int r = 0; r < VM_MAX_REGS; r++) {
        ck_assert_int_eq(a->reg_set[r], b->reg_set[r]);
        ck_assert(vm_num_eq(a->reg_init[r], b->reg_init[r]));
        ck_assert_str_eq(ad->reg_name[r], bd->reg_name[r]);
    }
}
