/* Fuzz target: the assembler (asm_assemble, docs/asm.md). Every input is
 * assembled; its errors must be well formed and in source order. What
 * assembles is listed (Cyrillic and Latin), and the listing assembles to
 * the same codes, profile, start and registers; its table and hex dump
 * read back to the same codes. */
#include "asm.h"
#include "fuzz_util.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static vm_program prog, back;
static vm_decl decl, back_decl;


static void check_errors(const asm_errors *e, bool ok, const char *text)
{
    if (ok != (e->count == 0) || e->kept < 0 || e->kept > ASM_ERRORS_MAX ||
        e->kept > e->count || (e->count > 0 && e->kept == 0))
        abort();
    int lines = 1;
    for (const char *s = text; *s; s++)
        lines += *s == '\n';
    for (int i = 0; i < e->kept; i++) {
        const asm_error *x = &e->error[i];
        /* 1-based places inside the source; one sentence, no newline. */
        if (x->line < 1 || x->line > lines || x->col < 1 || x->message[0] == '\0' ||
            memchr(x->message, '\0', ASM_MESSAGE_MAX) == NULL || strchr(x->message, '\n'))
            abort();
        if (i > 0 && (x->line < e->error[i - 1].line ||
                      (x->line == e->error[i - 1].line && x->col < e->error[i - 1].col)))
            abort();
        char small[16];
        char big[ASM_MESSAGE_MAX + 64];
        int n = asm_error_format(x, big, sizeof big);
        if (n < 0 || asm_error_format(x, small, sizeof small) != n || strlen(small) >= sizeof small)
            abort();
    }
}

static bool same_program(const vm_program *a, const vm_decl *ad, const vm_program *b,
                         const vm_decl *bd)
{
    if (a->profile != b->profile || a->length != b->length || a->start != b->start ||
        memcmp(a->code, b->code, sizeof a->code[0] * (size_t)a->length) != 0)
        return false;
    for (int r = 0; r < VM_MAX_REGS; r++)
        if (a->reg_set[r] != b->reg_set[r] ||
            (a->reg_set[r] && !vm_num_eq(a->reg_init[r], b->reg_init[r])) ||
            strcmp(ad->reg_name[r], bd->reg_name[r]) != 0)
            return false;
    return true;
}

/* Cells read back from a table or a dump: the same codes. */
static void check_reads_back(const char *text)
{
    asm_errors errs;
    if (!asm_hex_import(text, "table", prog.profile, &back, NULL, &errs) ||
        back.length != prog.length ||
        memcmp(back.code, prog.code, sizeof prog.code[0] * (size_t)prog.length) != 0)
        abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    asm_errors errs;
    bool ok = asm_assemble(text, "fuzz.mk61", &prog, &decl, &errs);
    check_errors(&errs, ok, text);
    if (!ok) {
        free(text);
        return 0;
    }
    const vm_profile *prof = vm_profile_get(prog.profile);
    if (!prof || prog.length < 0 || prog.length > prof->steps || prog.start < 0 ||
        prog.start >= prof->steps)
        abort();
    for (int a = 0; a < prog.length; a++)
        if (prog.profile == VM_PROFILE_MK61 && prog.code[a] > 0xFF)
            abort();

    /* The listing, both ways, assembles to the same program. */
    for (unsigned flags = 0; flags <= ASM_LATIN; flags += ASM_LATIN) {
        char *list;
        WHOLE(asm_listing(&prog, &decl, flags, NULL, 0),
              asm_listing(&prog, &decl, flags, buf, size_), list);
        asm_errors e2;
        if (!asm_assemble(list, "listing", &back, &back_decl, &e2) ||
            !same_program(&prog, &decl, &back, &back_decl))
            abort();
        /* Cut short: a prefix of the whole, terminated. */
        char cut[64];
        size_t want = (size_t)(size % sizeof cut) + 1;
        if (asm_listing(&prog, &decl, flags, cut, want) != (int)strlen(list) ||
            strlen(cut) >= want ||
            strncmp(cut, list, strlen(cut)) != 0)
            abort();
        free(list);
    }
    /* One instruction at a time: each moves on by 1 or 2 steps. */
    char one[128];
    for (int a = 0; a < prog.length;) {
        int next = asm_disasm_one(prog.code, prog.length, a, prog.profile, &decl, one, sizeof one);
        if (next != a + 1 && next != a + 2)
            abort();
        a = next;
    }
    if (asm_disasm_one(prog.code, prog.length, prog.length, prog.profile, &decl, one,
                       sizeof one) != -1 ||
        one[0] != '\0')
        abort();

    char *table, *dump;
    WHOLE(asm_table(prog.code, prog.length, NULL, 0),
          asm_table(prog.code, prog.length, buf, size_), table);
    check_reads_back(table);
    free(table);
    WHOLE(asm_hex_export(&prog, true, NULL, 0), asm_hex_export(&prog, true, buf, size_), dump);
    check_reads_back(dump);
    free(dump);
    free(text);
    return 0;
}
