/*
 * A mantissa whose first digit is F (docs/mk61.md, "A first digit F"): К {x}
 * of a logic result 8.F... (0.FFFFFFF is held as FFFFFFF0 at -1). Such a
 * nibble in a register's first mantissa cell confuses the ИК1302's search
 * of the ring of registers, so reads and writes land elsewhere. By keys the
 * real machine does the same whatever the key's timing, and that is
 * modelled here, as measured; in a run the outcome depends on the timing
 * of the С/П that started it (not modelled: the steps act as usual).
 */
#include "vm_internal.h"

bool vm_f_first(vm_num v)
{
    return (v.hex & VM_NUM_NIBBLES) && v.mant >> 28 == 0xF;
}

void vm_f_first_frac(vm_machine *m)
{
    /* К {x} with such a result copies it to T too (by keys and in a run:
     * measured, "3 5 В↑ 7 9 В↑ 2 К ИНВ К {x}"). */
    if (vm_f_first(m->x))
        m->t = m->x;
}

int vm_f_first_fn(vm_machine *m, const vm_op_info *op, int pc)
{
    if (m->running)
        return 0;
    if (op->code == VM_OP_SWAP && vm_f_first(m->x)) {
        /* ↔: Y takes the F number, X and X1 become 0 (measured) */
        m->y = m->x;
        m->x = m->x1 = vm_num_zero();
        return 2;
    }
    bool in_x = vm_f_first(m->x);
    if (!(in_x || vm_f_first(m->y)))
        return 0;
    switch (op->fn) {
    case VM_FN_TRANS:
    case VM_FN_RAW:
    case VM_FN_PARTS:
    case VM_FN_BITS:
        break;
    case VM_FN_ARITH:
        if (op->operands == 2 && op->code != VM_OP_MAX) {
            /* + − × ÷: values no rule was found for (as hex digits) */
            return 0;
        }
        break;
    default:
        return 0;
    }
    /* An operation of the ИК1303 or ИК1306 is not carried out: X1 becomes
     * 0 and the operation's code lands in the first two nibbles (the
     * exponent's sign and tens) of the stack register after the F number
     * (measured: К [x] with 0.FFFFFFF in X makes Y = 5 into raw
     * 340050000000; x² with it in Y writes 22 into Z). X becomes 0 for
     * x²; ln, √, К [x], К |x| leave it; the display keeps what it shows.
     * What the others leave in X was not found (sin: digits of its own,
     * 1/x: 9.9999999 or a machine that never comes to rest): they say so
     * (VM_WARN_OPERAND). */
    vm_num *next = in_x ? &m->y : &m->z;
    uint64_t raw = vm_num_to_raw(*next);
    raw = (raw & 0x00FFFFFFFFFFull) | (uint64_t)op->code << 40;
    (void)vm_num_from_raw(raw, next);
    m->x1 = vm_num_zero();
    if (op->code == VM_OP_SQ)
        m->x = vm_num_zero();
    if (!(op->code == VM_OP_SQ || op->code == VM_OP_LN || op->code == VM_OP_SQRT ||
          op->code == VM_OP_INT || op->code == VM_OP_ABS))
        vm_set_warn(m, VM_WARN_OPERAND, pc, op->code, 0);
    return 1;
}

void vm_f_first_push(vm_machine *m, vm_num old)
{
    /* В↑ by keys: Y takes the F number, X becomes 0 (measured) */
    if (!m->running && vm_f_first(old))
        m->x = vm_num_zero();
}

bool vm_f_first_chs(vm_machine *m)
{
    /* /-/ by keys: X stays, T becomes 0, the display shows -0 (measured) */
    if (m->running || m->entry != VM_ENTRY_NONE || !vm_f_first(m->x))
        return false;
    m->t = vm_num_zero();
    vm_display_load(m, vm_num_zero());
    m->mant_neg = true;
    return true;
}
