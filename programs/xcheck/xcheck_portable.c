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

static bool is_entry(int code)
{
    return code >= VM_OP_D0 && code <= VM_OP_EEX && code != VM_OP_CHS;
}

static bool finding(char *why, size_t size, const vm_machine *m, const char *what)
{
    snprintf(why, size, "at address %d: %s", m->pc, what);
    return false;
}

/* An indirect step through register r: the pointer it will use. */
static bool pointer_ok(const vm_machine *m, int code, char *why, size_t size)
{
    int r = code & 0x0F, family = code >> 4;
    int64_t v;
    if (!whole(m->reg[r], &v))
        return finding(why, size, m, "an indirect pointer that is not a whole number");
    if (r <= 3)
        v -= 1;
    else if (r <= 6)
        v += 1;
    if (v < 0)
        return finding(why, size, m, "an indirect pointer that goes below 0");
    bool reg = family == (VM_OP_ISTO >> 4) || family == (VM_OP_IRCL >> 4);
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

/* + − × and x²: whole operands and a whole result below 10^8. */
static bool arithmetic_ok(const xcheck_portable *w, const vm_machine *m, int code, char *why,
                          size_t size)
{
    if (w->decimals && exact(m, code))
        return true;
    int64_t x, y = 0, r;
    bool two = code != VM_OP_SQ;
    if (!whole(m->x, &x) || (two && !whole(m->y, &y)))
        return finding(why, size, m, "+ − × or x² on a number that is not whole (rounding)");
    r = code == VM_OP_ADD ? y + x : code == VM_OP_SUB ? y - x : code == VM_OP_MUL ? y * x : x * x;
    if (r <= -SMALL || r >= SMALL)
        return finding(why, size, m, "a result of 10^8 or more (rounding)");
    return true;
}

bool xcheck_portable_step(xcheck_portable *w, const vm_machine *m, char *why, size_t size)
{
    if (m->pc < 0 || m->pc >= w->length)
        return finding(why, size, m, "the program ran outside its steps");
    int code = m->prog[m->pc], prev = w->prev;
    w->prev = code;
    if (code >> 4 == VM_OP_STO >> 4 || code >> 4 == VM_OP_RCL >> 4)
        return true; /* П and ИП, the most frequent steps: nothing to look at */
    if (is_entry(code) || code == VM_OP_CHS) {
        if (prev < 0)
            return finding(why, size, m, "a number step right after a stop (the real "
                                         "machine goes on with the number typed)");
        if (prev == VM_OP_CX && is_entry(code))
            return finding(why, size, m, "a digit right after Сx (the real machine lifts)");
        if (prev == VM_OP_CHS && is_entry(code))
            return finding(why, size, m, "a digit right after /-/");
        if ((code == VM_OP_EEX || code == VM_OP_POINT) && m->entry == VM_ENTRY_NONE)
            return finding(why, size, m, "ВП or a comma on a finished number");
        return true;
    }
    switch (code) {
    case VM_OP_L0:
    case VM_OP_L1:
    case VM_OP_L2:
    case VM_OP_L3: {
        int r = vm_op((uint8_t)code)->loop;
        int64_t v;
        if (!whole(m->reg[r], &v) || v < 1)
            return finding(why, size, m, "a loop counter that is not a whole number of 1 or "
                                         "more");
        return true;
    }
    case VM_OP_GSB:
        if (m->rsp >= VM_RSTACK)
            return finding(why, size, m, "a sixth nested call (the real return stack wraps)");
        return true;
    case VM_OP_ADD:
    case VM_OP_SUB:
    case VM_OP_MUL:
    case VM_OP_SQ:
        return arithmetic_ok(w, m, code, why, size);
    default:
        break;
    }
    if (code == VM_OP_RAND && w->random)
        return true;
    if ((code >= VM_OP_EXP10 && code <= VM_OP_TAN) || code == VM_OP_POW ||
        code == VM_OP_DM2D || code == VM_OP_DMS2D || code == VM_OP_D2DMS || code == VM_OP_D2DM ||
        (code >= VM_OP_AND && code <= VM_OP_RAND))
        return finding(why, size, m, "a function whose last digits the real machine computes "
                                     "its own way");
    if (code >= VM_OP_IXNE0 && code <= 0xEF && (code & 0x0F) < VM_REGISTERS) {
        if ((code >> 4) == (VM_OP_IGSB >> 4) && m->rsp >= VM_RSTACK)
            return finding(why, size, m, "a sixth nested call (the real return stack wraps)");
        return pointer_ok(m, code, why, size);
    }
    return true;
}
