/*
 * The disassembler: codes back to assembler source (docs/asm.md), one
 * instruction at a time for the tracer, a whole listing that assembles to
 * the same codes, and the printed table of 10 codes a row.
 */
#include "asm_internal.h"
#include "vm_isa.h"

#include <stdio.h>
#include <string.h>

/* One instruction as the disassembler sees it. */
typedef struct decoded {
    const vm_op_info *op; /* NULL: an undocumented code */
    int steps;            /* 1, or 2 for a jump and its address cell */
    int target;           /* a jump's address, -1 for none */
    bool raw;             /* written as .code: undocumented, or a jump
                             without a valid address */
} decoded;

/* The instruction at addr; steps_max is the profile's program memory. */
static decoded decode(const uint16_t *code, int length, int addr, int steps_max)
{
    /* Opcodes are bytes: a wider cell is undocumented. */
    decoded d = {vm_op_cell(code[addr]), 1, -1, false};
    if (!d.op) {
        d.raw = true;
    } else if (d.op->format == VM_FMT_ADDR) {
        if (addr + 1 >= length) {
            d.raw = true; /* the address cell is missing */
        } else {
            d.steps = 2;
            int t = vm_addr_decode(code[addr + 1]);
            if (t < 0 || t >= steps_max)
                d.raw = true;
            else
                d.target = t;
        }
    }
    return d;
}

/* Writes one instruction; name is the jump target's label or NULL. */
static void write_one(asm_out *o, const uint16_t *code, int addr, decoded d, const char *name,
                      bool latin)
{
    if (d.raw) {
        asm_out_printf(o, ".code %02X", code[addr]);
        if (d.steps == 2)
            asm_out_printf(o, " %02X", code[addr + 1]);
        return;
    }
    const char *mn = latin ? d.op->latin : d.op->cyrillic;
    if (d.op->format == VM_FMT_REG)
        asm_out_printf(o, "%s %c", mn, vm_reg_name(d.op->reg));
    else if (d.op->format == VM_FMT_ADDR && name)
        asm_out_printf(o, "%s %s", mn, name);
    else if (d.op->format == VM_FMT_ADDR)
        asm_out_printf(o, "%s %02d", mn, d.target);
    else
        asm_out_printf(o, "%s", mn);
}

int asm_disasm_one(const uint16_t *code, int length, int addr, vm_profile_id profile,
                   const vm_decl *map, char *buf, size_t size)
{
    asm_out o;
    asm_out_init(&o, buf, size);
    if (!code || addr < 0 || addr >= length)
        return -1;
    int steps_max = vm_profile_get(profile)->steps;
    decoded d = decode(code, length, addr, steps_max);
    const char *name = NULL;
    if (map && d.target >= 0 && asm_label_ok(map->label[d.target]))
        name = map->label[d.target];
    write_one(&o, code, addr, d, name, false);
    return addr + d.steps;
}

/* ---- listing ----------------------------------------------------------- */

static bool taken(char names[][VM_LABEL_MAX], int count, const char *name)
{
    for (int a = 0; a < count; a++)
        if (strcmp(names[a], name) == 0)
            return true;
    return false;
}

#define CODE_COLUMN 32 /* where the address and codes comment begins */

int asm_listing(const vm_program *p, const vm_decl *decl, unsigned flags, char *buf,
                size_t size)
{
    static const vm_decl none; /* nothing declared (all zero: no search) */
    if (!decl)
        decl = &none;
    asm_out o;
    asm_out_init(&o, buf, size);
    const vm_profile *prof = vm_profile_get(p->profile);
    int len = p->length < 0 ? 0 : p->length > prof->steps ? prof->steps : p->length;
    bool latin = flags & ASM_LATIN;

    /* Where instructions begin: labels can only stand there (or at the end). */
    bool at_start[VM_MAX_STEPS + 1] = {false};
    decoded d[VM_MAX_STEPS];
    memset(d, 0, sizeof d);
    for (int a = 0; a < len; a += d[a].steps) {
        d[a] = decode(p->code, len, a, prof->steps);
        at_start[a] = true;
    }
    at_start[len] = true;

    /* Names: the source map's labels first, then made-up ones for the
     * jump targets that have none. */
    char names[VM_MAX_STEPS + 1][VM_LABEL_MAX];
    memset(names, 0, sizeof names);
    for (int a = 0; a <= len && a < VM_MAX_STEPS; a++)
        if (at_start[a] && asm_label_ok(decl->label[a]) && !taken(names, a, decl->label[a]))
            memcpy(names[a], decl->label[a], VM_LABEL_MAX);
    for (int a = 0; a < len; a++) {
        if (!at_start[a] || d[a].target < 0 || !at_start[d[a].target])
            continue;
        int t = d[a].target;
        if (names[t][0])
            continue;
        char cand[VM_LABEL_MAX];
        snprintf(cand, sizeof cand, "L%02d", t);
        for (int k = 2; taken(names, len + 1, cand); k++)
            snprintf(cand, sizeof cand, "L%02d_%d", t, k % 1000);
        memcpy(names[t], cand, sizeof cand);
    }

    /* The directives. */
    asm_out_printf(&o, "; %s program: %d of %d steps\n", prof->name, len, prof->steps);
    asm_out_printf(&o, ".profile %s\n", prof->name);
    int start = p->start;
    if (start >= 0 && start <= len && start < VM_MAX_STEPS && names[start][0] && at_start[start])
        asm_out_printf(&o, ".start %s\n", names[start]);
    else
        asm_out_printf(&o, ".start %d\n", start);
    for (int r = 0; r < prof->regs; r++) {
        char rt[8], num[48];
        if (decl->reg_name[r][0])
            asm_out_printf(&o, ".name %s %s\n", vm_reg_text(r, rt), decl->reg_name[r]);
        if (p->reg_set[r]) {
            vm_num_format(p->reg_init[r], num, sizeof num);
            asm_out_printf(&o, ".reg %s %s\n", vm_reg_text(r, rt), num);
        }
    }
    asm_search_listing(&o, &decl->search);
    asm_board_listing(&o, &decl->board);
    asm_out_printf(&o, "\n");

    /* One instruction a line, its address and codes in a comment. */
    for (int a = 0; a < len; a += d[a].steps) {
        if (names[a][0])
            asm_out_printf(&o, "%s:\n", names[a]);
        asm_out_printf(&o, "        ");
        const char *target = d[a].target >= 0 && names[d[a].target][0] && at_start[d[a].target]
                                 ? names[d[a].target]
                                 : NULL;
        write_one(&o, p->code, a, d[a], target, latin);
        asm_out_pad(&o, CODE_COLUMN);
        asm_out_printf(&o, "; %02d  %02X", a, p->code[a]);
        if (d[a].steps == 2)
            asm_out_printf(&o, " %02X", p->code[a + 1]);
        asm_out_printf(&o, "\n");
    }
    if (names[len][0])
        asm_out_printf(&o, "%s:\n", names[len]);
    return asm_out_end(&o);
}

/* ---- the printed table ------------------------------------------------- */

int asm_table(const uint16_t *code, int length, char *buf, size_t size)
{
    asm_out o;
    asm_out_init(&o, buf, size);
    int width = length > 100 ? 3 : 2;
    for (int row = 0; code && row < length; row += 10) {
        char addr[8];
        snprintf(addr, sizeof addr, "%02d", row % 1000);
        asm_out_printf(&o, "%*s:", width, addr);
        for (int a = row; a < row + 10 && a < length; a++)
            asm_out_printf(&o, " %02X", code[a]);
        asm_out_printf(&o, "\n");
    }
    return asm_out_end(&o);
}
