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
        return vm_nibble_char(n >> 28);
    }
    uint32_t n = v.mant;
    if (n == 0)
        return '0';
    while (n < 10000000u)
        n *= 10;
    return (char)('0' + n / 10000000u);
}

/* ВП on a finished number in a run: the digit register's first cell is
 * replaced by what the step before left in the display register's
 * (vm_lead; measured, docs/machine.md "The display register"). On a
 * mantissa of zeros ВП adds 1 to that cell, as it makes "0 ВП" 1e0: "0 6
 * Сx F⟳ Fln ВП 9" gives 4e9 for ln's operand 3, and a 9 there gives the
 * hex digit A (measured). */
void vm_lead_cell(vm_machine *m, uint8_t lead)
{
    int n = (int)strlen(m->digits);
    bool zero = strspn(m->digits, "0") == (size_t)n;
    int c;
    switch (lead) {
    case VM_LEAD_OPERAND: c = vm_first_digit(m->x1); break;
    case VM_LEAD_X: c = vm_first_digit(m->x); break;
    case VM_LEAD_SIGN: c = vm_nibble_char((unsigned)vm_num_sign_nibble(m->x)); break;
    default: { /* VM_LEAD_POINTER + r */
        int e = m->reg[lead - VM_LEAD_POINTER].exp % 10;
        c = '0' + (e < 0 ? e + 10 : e);
        break;
    }
    }
    int v = c >= 'A' ? c - 'A' + 10 : c - '0';
    m->digits[0] = vm_nibble_char((unsigned)(v + zero));
}
