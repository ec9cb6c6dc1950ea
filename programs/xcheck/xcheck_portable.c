/* Whether a running program leans on a difference between this emulator
 * and the real MK-61 (xcheck_portable.h). */
#include "xcheck_portable.h"

#include "vm_whole.h"

#include <stdio.h>

void xcheck_portable_init(xcheck_portable *w, int length)
{
    w->length = length;
    w->prev = -1;
    w->decimals = w->random = false;
    for (int c = 0; c < 256; c++) {
        const vm_op_info *op = vm_op((uint8_t)c);
        w->port[c] = op ? op->port : VM_PORT_SAME;
    }
}

void xcheck_portable_run(xcheck_portable *w)
{
    w->prev = -1;
}

#define SMALL 100000000 /* 10^8: the whole numbers the real machine adds exactly */

/* v is a whole number below 10^8 in size (vm_whole.h); its value in *w. */
static bool whole(vm_num v, int64_t *w)
{
    return vm_whole(v, w) && *w > -SMALL && *w < SMALL;
}

static bool finding(char *why, size_t size, const vm_machine *m, const char *what)
{
    snprintf(why, size, "at address %d: %s", m->pc, what);
    return false;
}

/* An indirect step (the port column's POINTER): the pointer its register
 * holds, as the step will use it. */
static bool pointer_ok(const vm_machine *m, const vm_op_info *op, char *why, size_t size)
{
    int r = op->reg;
    int64_t v;
    if (!whole(m->reg[r], &v))
        return finding(why, size, m, "an indirect pointer that is not a whole number");
    if (r <= 3)
        v -= 1;
    else if (r <= 6)
        v += 1;
    if (v < 0)
        return finding(why, size, m, "an indirect pointer that goes below 0");
    bool reg = op->kind == VM_KIND_ISTO || op->kind == VM_KIND_IRCL;
    int limit = reg ? (m->profile == VM_PROFILE_MK61X ? 100 : VM_REGISTERS) : m->steps;
    if (v >= limit)
        return finding(why, size, m,
                       reg ? "an indirect pointer past the registers of the profile"
                           : "an indirect jump past the program memory");
    return true;
}

/* A decimal number as m * 10^e, m a whole number below 10^8 without
 * trailing zeros (0 as 0, 0); false for hex digits. */
static bool digits_of(vm_num v, int64_t *m, int *e)
{
    if (v.hex)
        return false;
    *m = v.neg ? -(int64_t)v.mant : (int64_t)v.mant;
    *e = v.exp - 7;
    if (*m == 0)
        *e = 0;
    while (*m != 0 && *m % 10 == 0) {
        *m /= 10;
        ++*e;
    }
    return true;
}

/* The number of digits of |m| (0 for 0). */
static int length_of(int64_t m)
{
    int n = 0;
    for (m = m < 0 ? -m : m; m > 0; m /= 10)
        n++;
    return n;
}

/* Whether the real machine's + − × x² of decimal operands is exact (the
 * decimals allowance): × when the exact product has at most 8 digits; +
 * and − when the eight digits from the larger operand's first hold both
 * operands whole, and the result has at most 8 digits (a carry into a
 * ninth digit drops the last one). */
static bool exact(const vm_machine *m, int code)
{
    int64_t a, b;
    int ea, eb;
    if (!digits_of(m->x, &a, &ea) || !digits_of(code == VM_OP_SQ ? m->x : m->y, &b, &eb))
        return false;
    int64_t r;
    if (code == VM_OP_MUL || code == VM_OP_SQ) {
        r = a * b; /* below 10^16 */
    } else {
        if (a == 0 || b == 0)
            return true;
        int top = ea + length_of(a) > eb + length_of(b) ? ea + length_of(a) : eb + length_of(b);
        int low = ea < eb ? ea : eb;
        if (top - low > 8)
            return false; /* a digit of one of them lies below the larger's eight */
        int64_t sa = a, sb = b;
        for (int i = low; i < ea; i++)
            sa *= 10;
        for (int i = low; i < eb; i++)
            sb *= 10;
        r = code == VM_OP_ADD ? sb + sa : sb - sa;
    }
    while (r != 0 && r % 10 == 0)
        r /= 10;
    return length_of(r) <= 8;
}

/* + − × and x² (the port column's WHOLE): whole operands and a whole
 * result below 10^8, or with the decimals allowance an exact result. */
static bool arithmetic_ok(const xcheck_portable *w, const vm_machine *m, const vm_op_info *op,
                          char *why, size_t size)
{
    int code = op->code;
    if (w->decimals && exact(m, code))
        return true;
    int64_t x, y = 0, r;
    bool two = op->operands == 2;
    if (!whole(m->x, &x) || (two && !whole(m->y, &y)))
        return finding(why, size, m, "+ − × or x² on a number that is not whole (rounding)");
    r = code == VM_OP_ADD ? y + x : code == VM_OP_SUB ? y - x : code == VM_OP_MUL ? y * x : x * x;
    if (r <= -SMALL || r >= SMALL)
        return finding(why, size, m, "a result of 10^8 or more (rounding)");
    return true;
}

/* A step whose port column is not SAME: whether it leans on the
 * difference the column names. Tests in the order of their frequency in
 * the Kalah program (number entry, indirect steps, + − ×), as a chain the
 * processor predicts better than a switch's table (measured). */
static bool lean(const xcheck_portable *w, const vm_machine *m, int code, int prev, vm_port port,
                 char *why, size_t size)
{
    if (port == VM_PORT_ENTRY) {
        bool types = code != VM_OP_CHS; /* a digit, a comma or ВП */
        if (prev < 0)
            return finding(why, size, m, "a number step right after a stop (the real "
                                         "machine goes on with the number typed)");
        if (prev == VM_OP_CX && types)
            return finding(why, size, m, "a digit right after Сx (the real machine lifts)");
        if (prev == VM_OP_CHS && types)
            return finding(why, size, m, "a digit right after /-/");
        if ((code == VM_OP_EEX || code == VM_OP_POINT) && m->entry == VM_ENTRY_NONE)
            return finding(why, size, m, "ВП or a comma on a finished number");
        return true;
    }
    const vm_op_info *op = vm_op((uint8_t)code);
    if (port == VM_PORT_POINTER) {
        if (op->kind == VM_KIND_IGSB && m->rsp >= VM_RSTACK)
            return finding(why, size, m, "a sixth nested call (the real return stack wraps)");
        return pointer_ok(m, op, why, size);
    }
    if (port == VM_PORT_WHOLE)
        return arithmetic_ok(w, m, op, why, size);
    if (port == VM_PORT_LOOP) {
        int64_t v;
        if (!whole(m->reg[op->loop], &v) || v < 1)
            return finding(why, size, m, "a loop counter that is not a whole number of 1 or "
                                         "more");
        return true;
    }
    if (port == VM_PORT_CALL) {
        if (m->rsp >= VM_RSTACK)
            return finding(why, size, m, "a sixth nested call (the real return stack wraps)");
        return true;
    }
    if (port == VM_PORT_DIGITS)
        return finding(why, size, m, "a function whose last digits the real machine computes "
                                     "its own way");
    return true; /* VM_PORT_SAME */
}

/* The step's row of the instruction list decides what to look at: its
 * port column (vm_isa.h) names the difference the step can lean on. */
bool xcheck_portable_step(xcheck_portable *w, const vm_machine *m, char *why, size_t size)
{
    if (m->pc < 0 || m->pc >= w->length)
        return finding(why, size, m, "the program ran outside its steps");
    int code = m->prog[m->pc], prev = w->prev;
    w->prev = code;
    /* The steps the real machine does alike, the most frequent (П, ИП),
     * and the undocumented codes (the machine halts on them): nothing to
     * look at (this runs before every step of a cross-check). */
    if (code > 0xFF || w->port[code] == VM_PORT_SAME)
        return true;
    /* К СЧ with the random allowance: its numbers are read, not
     * reproduced. */
    if (code == VM_OP_RAND && w->random)
        return true;
    return lean(w, m, code, prev, (vm_port)w->port[code], why, size);
}
