/* Fuzz target: hex dumps (asm_hex_import, asm_hex_export, asm_table;
 * docs/asm.md). Every input is read as a dump of each profile. A dump that
 * reads exports, with and without its header, and prints as a table, and
 * each reads back to the same cells; its listing assembles to the same
 * codes whenever assembler source can say them. */
#include "asm.h"
#include "fuzz_util.h"
#include "vm_isa.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static vm_program prog, back;

static void check_reads_back(const char *text)
{
    asm_errors errs;
    if (!asm_hex_import(text, "back", prog.profile, &back, NULL, &errs) || back.length != prog.length ||
        memcmp(back.code, prog.code, sizeof prog.code[0] * (size_t)prog.length) != 0)
        abort();
}

/* Whether source can write these cells: .code takes bytes only, so a cell
 * above FF must be the valid address of a jump (docs/asm.md). */
static bool sayable(const vm_program *p)
{
    int steps = vm_profile_get(p->profile)->steps;
    for (int a = 0; a < p->length; a++) {
        if (p->code[a] > 0xFF)
            return false;
        const vm_op_info *op = vm_op((uint8_t)p->code[a]);
        if (op && op->format == VM_FMT_ADDR && a + 1 < p->length) {
            int t = vm_addr_decode(p->code[a + 1]);
            if (p->code[a + 1] > 0xFF && (t < 0 || t >= steps))
                return false;
            a++;
        }
    }
    return true;
}


static void one_profile(const char *text, vm_profile_id id)
{
    asm_errors errs;
    bool ok = asm_hex_import(text, "fuzz.hex", id, &prog, NULL, &errs);
    /* It stops at the first error. */
    if (ok != (errs.count == 0) || (!ok && (errs.count != 1 || errs.kept != 1)))
        abort();
    if (!ok) {
        const asm_error *e = &errs.error[0];
        if (e->line < 1 || e->col < 1 || e->message[0] == '\0' || strchr(e->message, '\n'))
            abort();
        return;
    }
    const vm_profile *prof = vm_profile_get(id);
    /* The start is 0, or the one a header gave: an address of the profile. */
    if (prog.profile != id || prog.start < 0 || prog.start >= prof->steps || prog.length < 0 ||
        prog.length > prof->steps)
        abort();
    for (int a = 0; a < prog.length; a++)
        if (prog.code[a] > (id == VM_PROFILE_MK61 ? 0xFF : 0x639))
            abort();

    char *out;
    for (int header = 0; header <= 1; header++) {
        WHOLE(asm_hex_export(&prog, header, NULL, 0), asm_hex_export(&prog, header, buf, size_),
              out);
        check_reads_back(out);
        free(out);
    }
    WHOLE(asm_table(prog.code, prog.length, NULL, 0),
          asm_table(prog.code, prog.length, buf, size_), out);
    check_reads_back(out);
    free(out);
    if (sayable(&prog)) {
        WHOLE(asm_listing(&prog, NULL, 0, NULL, 0), asm_listing(&prog, NULL, 0, buf, size_), out);
        if (!asm_assemble(out, "listing", &back, NULL, &errs) || back.profile != prog.profile ||
            back.length != prog.length || back.start != prog.start ||
            memcmp(back.code, prog.code, sizeof prog.code[0] * (size_t)prog.length) != 0)
            abort();
        free(out);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    one_profile(text, VM_PROFILE_MK61);
    one_profile(text, VM_PROFILE_MK61X);
    free(text);
    return 0;
}
