/* Fuzz target: hex dumps (asm_hex_import, asm_hex_export, asm_table;
 * docs/asm.md). Every input is read as a dump of each profile. A dump that
 * reads exports, with and without its header, and prints as a table, and
 * each reads back to the same cells; its listing assembles to the same
 * codes whenever assembler source can say them. */
#include "asm.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static vm_program prog, back;

static char *text_of(int need)
{
    if (need < 0)
        abort();
    return malloc((size_t)need + 1);
}

static void check_reads_back(const char *text)
{
    asm_errors errs;
    if (!asm_hex_import(text, "back", prog.profile, &back, &errs) || back.length != prog.length ||
        memcmp(back.code, prog.code, sizeof prog.code[0] * (size_t)prog.length) != 0)
        abort();
}

/* Whether source can write these cells: .code takes bytes only, so a cell
 * above FF must be the valid address of a jump (docs/asm.md). */
static bool sayable(const vm_program *p)
{
    int steps = vm_profile_get(p->profile)->steps;
    for (int a = 0; a < p->length;) {
        const vm_op_info *op = p->code[a] > 0xFF ? NULL : vm_op((uint8_t)p->code[a]);
        if (!op)
            return false == (p->code[a] > 0xFF) ? false : (a++, true) ? sayable_rest(p, a) : false;
        (void)steps;
    }
    return true;
}
