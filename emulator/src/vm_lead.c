/* The display register's first cell in a run (vm_lead, docs/machine.md
 * "The display register"): what ВП on a finished number types again. */
#include "vm_internal.h"

#include <string.h>

/* The first digit of a number as the display register would hold it
 * normalised ('0'..'9', 'A'..'F'; '0' for a zero). */
char vm_first_digit(vm_num v)
{
    if (v.hex & VM_NUM_NIBBLES) {
        uint32_t n = v.mant;
        while (n && n >> 28 == 0)
            n <<= 4;
        return "0123456789ABCDEF"[n >> 28];
    }
    uint32_t n = v.mant;
    if (n == 0)
        return '0';
    while (n >= 100000000u)
        n /= 10;
    while (n < 10000000u)
        n *= 10;
    return (char)('0' + n / 10000000u);
}

/* ВП on a finished number in a run: the digit register's first cell is
 * replaced by what the step before left in the display register's
 * (vm_lead; measured, docs/machine.md "The display register"), unless
 * the digits are all zero (ВП makes the first 1 then, as ever). */
bool vm_lead_cell(vm_machine *m, uint8_t lead)
{
    int n = (int)strlen(m->digits);
    if (strspn(m->digits, "0") == (size_t)n)
        return false;
    char c;
    switch (lead) {
    case VM_LEAD_OPERAND: c = vm_first_digit(m->x1); break;
    case VM_LEAD_X: c = vm_first_digit(m->x); break;
    case VM_LEAD_SIGN: c = "0123456789ABCDEF"[vm_num_sign_nibble(m->x)]; break;
    case VM_LEAD_NORMAL: {
        /* The digits moved up past their leading zeros, the point with
         * them: the same number. */
        int z = (int)strspn(m->digits, "0");
        int point = m->point < 0 ? n : m->point;
        memmove(m->digits, m->digits + z, (size_t)(n - z + 1));
        m->point = point - z;
        if (m->point < 1) { /* 0,05 is 5 at place -2 */
            m->exp_base += m->point - 1;
            m->point = 1;
        }
        return false;
    }
    default: { /* VM_LEAD_POINTER + r */
        int e = m->reg[lead - VM_LEAD_POINTER].exp % 10;
        c = (char)('0' + (e < 0 ? e + 10 : e));
        break;
    }
    }
    m->digits[0] = c;
    return true;
}

