/* Number entry and the keypad: what each of the 30 keys does. */
#include "vm_internal.h"
#include "vm_keys.h"

#include <ctype.h>
#include <string.h>
#include <strings.h>

static const vm_key_info keys[VM_KEY_COUNT] = {
#define VM_KEY_ROW(id, name, latin, row, col, alone, f, k, fl, kl, reg) \
    {name, latin, row, col, alone, f, k, fl, kl, reg},
    VM_KEYS(VM_KEY_ROW)
#undef VM_KEY_ROW
};

const vm_key_info *vm_key_get(vm_key key)
{
    return (unsigned)key < VM_KEY_COUNT ? &keys[key] : NULL;
}

int vm_key_find(const char *name)
{
    static const char *const letters[5][2] = {
        {"a", "А"}, {"b", "В"}, {"c", "С"}, {"d", "Д"}, {"e", "Е"}};
    /* The first byte first: the keys fuzzer and `--keys` look up every
     * word of their text. */
    unsigned char c = (unsigned char)name[0];
    for (int k = 0; k < VM_KEY_COUNT; k++)
        if ((c == (unsigned char)keys[k].name[0] && strcmp(name, keys[k].name) == 0) ||
            (tolower(c) == tolower((unsigned char)keys[k].latin[0]) &&
             strcasecmp(name, keys[k].latin) == 0))
            return k;
    /* The Latin look-alikes of К and Сx, as people type them. */
    if (strcmp(name, "Cx") == 0 || strcmp(name, "cx") == 0)
        return VM_KEY_CX;
    for (int i = 0; i < 5; i++)
        if (strcasecmp(name, letters[i][0]) == 0 || strcmp(name, letters[i][1]) == 0)
            for (int k = 0; k < VM_KEY_COUNT; k++)
                if (keys[k].reg == 10 + i)
                    return k;
    return -1;
}

int vm_key_next(const char **text, int *key, size_t *len)
{
    const char *s = *text + strspn(*text, " \t\n");
    size_t n = strcspn(s, " \t\n");
    *text = s;
    *len = n;
    if (n == 0)
        return 0;
    char name[32];
    if (n >= sizeof name)
        return -1;
    memcpy(name, s, n);
    name[n] = '\0';
    if ((*key = vm_key_find(name)) < 0)
        return -1;
    *text = s + n;
    return 1;
}

/* ---- number entry -------------------------------------------------------- */

/* The mantissa cells in use: strlen of digits, without a call (number
 * entry asks on the steps of a program's numbers). */
static int digit_count(const vm_machine *m)
{
    int n = 0;
    while (n < (int)sizeof m->digits && m->digits[n] != '\0')
        n++;
    return n;
}

/* The typed exponent, signed. */
static int typed_exp(const vm_machine *m)
{
    int e = m->exp_digits[0] * 10 + m->exp_digits[1];
    return m->exp_neg ? -e : e;
}

/* An exponent typed below -99: the number is 0, finished, and shown "0."
 * (measured: "1 ВП 99 /-/ ВП 99 /-/" gives 0; a digit then starts a new
 * number, /-/ shows "-0."). Not an error. */
static bool underflow(vm_machine *m)
{
    m->entry = VM_ENTRY_NONE;
    m->x = vm_num_zero();
    vm_display_load(m, m->x);
    return false;
}

/* The number typed, with the shown number's sign nibble when it is not 0
 * or 9 (a pointer's carry: "ИП6 ВП 2" on 1|00000000 gives 1|1e9; measured). */
static vm_num with_sign(const vm_machine *m, vm_num x)
{
    if (m->mant_sign == 0)
        return x;
    vm_num r;
    (void)vm_num_from_raw((vm_num_to_raw(x) & ~(0xFull << 32)) | (uint64_t)m->mant_sign << 32, &r);
    return r;
}

/* X from the display register (measured, docs/machine.md "Number
 * entry"): the digits with their point, times 10 to the typed exponent
 * plus exp_base. The exponent is first added to the digits' place (the
 * digits before the point, leading zeros counted); past 99 X keeps the
 * value it had before the last key and the overflow is reported (true):
 * "10 ВП 99" is 1e10 and ЕГГОГ. Leading zeros then leave the exponent
 * ("001 ВП 97" is 1e97). */
static bool entry_value(vm_machine *m)
{
    int n = digit_count(m);
    uint64_t v = 0;
    bool hex = false;
    for (int i = 0; i < n; i++) {
        char c = m->digits[i];
        hex = hex || c >= 'A';
        v = v * 10 + (uint64_t)(c >= 'A' ? c - 'A' + 10 : c - '0');
    }
    if (hex) {
        /* A mantissa of hex glyphs (ВП on ЕГГОГ) is held as its nibbles. */
        uint32_t nib = 0;
        for (int i = 0; i < 8; i++) {
            char c = i < n ? m->digits[i] : '0';
            nib = nib << 4 | (uint32_t)(c >= 'A' ? c - 'A' + 10 : c - '0');
        }
        int before = m->point < 0 ? n : m->point;
        int typed = m->entry == VM_ENTRY_EXPONENT ? typed_exp(m) : 0;
        if (typed + m->exp_base + before - 1 > 99)
            return true;
        if (typed + m->exp_base + before - 1 < -99)
            return underflow(m);
        vm_num x = {nib, (int16_t)(typed + m->exp_base + before - 1), m->mant_neg, true};
        m->x = with_sign(m, x);
        return false;
    }
    if (v == 0) {
        m->x = vm_num_zero();
        return false;
    }
    int before = m->point < 0 ? n : m->point;
    int typed = m->entry == VM_ENTRY_EXPONENT ? typed_exp(m) : 0;
    if (typed + m->exp_base + before - 1 > 99)
        return true; /* X keeps the value before the digit (measured) */
    if (typed + m->exp_base + before - 1 < -99)
        return underflow(m);
    /* value = v * 10^(before - n + typed + exp_base) */
    vm_num x = vm_num_from_int((int64_t)v); /* 8 digits; hex glyphs may make 9 */
    x.exp = (int16_t)(x.exp + before - n + typed + m->exp_base);
    x.neg = m->mant_neg;
    m->x = with_sign(m, x);
    return false;
}

static void exponent_start(vm_machine *m)
{
    m->exp_open = false;
    m->entry = VM_ENTRY_EXPONENT;
    m->exp_digits[0] = m->exp_digits[1] = 0;
    m->exp_count = 0;
    m->exp_neg = false;
}

/* The entry ends with an error the display shows as ЕГГОГ; the next digit
 * starts a new number in X. The digits stay under the glyphs, the typed
 * exponent does not ("12 ВП 99 ВП" types E2 at 1: measured). An exponent
 * typed past 99 turns the lift off; a comma's error leaves it as it was
 * (measured: "7 В↑ 1 ВП 2 + ," in a program, then 5 lifts the 107). */
static bool entry_error(vm_machine *m, bool comma)
{
    int point = m->point;
    bool lift = m->lift;
    m->entry = VM_ENTRY_MANTISSA; /* ended without its exponent */
    vm_entry_end(m);
    m->point = point; /* no point was typed, and none shows */
    if (!comma && point >= 0) {
        /* No point shows after an exponent past 99, the place stays
         * (measured: "12,3 ВП 99 ВП" types E23 at 1). */
        m->exp_base += point - digit_count(m);
        m->point = -1;
    }
    m->lift = comma && lift;
    vm_display_error(m);
    m->show = comma ? VM_SHOW_ERROR_COMMA : VM_SHOW_ERROR_ENTRY;
    m->eex_point = true; /* measured: "31 ВП 54 ВП 99 /-/ x² ВП 1" is 1 */
    return true;
}

/* Whether the mantissa cells hold only zeros. */
static bool digits_zero(const vm_machine *m)
{
    return strspn(m->digits, "0") == strlen(m->digits);
}

bool vm_entry_eex(vm_machine *m, bool zero_stays)
{
    if (m->show == VM_SHOW_ERROR_EXPONENT || m->show == VM_SHOW_ERROR_MARKED_EXPONENT) {
        /* As on any ЕГГОГ: the typed exponent joins the number under
         * the glyphs (measured: "1 ВП 99 Ftg ВП" gives E with
         * exponent 99). */
        if (m->entry == VM_ENTRY_NONE)
            vm_entry_fold(m);
        m->show = VM_SHOW_ERROR;
        if (m->digits[0] == 'F') { /* Г shown over a zero: D (measured) */
            m->digits[0] = 'D';
            m->show = VM_SHOW_ERROR_ONE;
        }
    }
    /* On a result past 1e199, or past 1e99 after a comma (eex_point), as
     * after an entry key's error (measured: "3 ВП 80 В↑ x² В↑ 2 ВП 80 × ВП
     * 1" is 1, with 2 ВП 20 it types E8 at 1) */
    bool far = m->show == VM_SHOW_ERROR_RANGE_ZERO ||
               (m->show == VM_SHOW_ERROR_RANGE && !m->x.hex && m->x.exp >= 200);
    m->eex_point = false;
    if (m->entry == VM_ENTRY_NONE && (m->show == VM_SHOW_ERROR_COMMA || far)) {
        /* After an entry key's error: a new number from 0, the lift
         * off (measured: "1 ВП 2 , ВП 3" is 3). */
        vm_display_load(m, m->x = vm_num_zero());
        m->lift = false;
        return false;
    }
    if (m->entry == VM_ENTRY_EXPONENT) {
        m->exp_base += typed_exp(m); /* again: the exponent so far stays */
        /* The display register shows Г over a zero mantissa, and ВП
         * types that again: D (measured: "÷0 ВП 2 ВП 3" is D0000000) */
        if (m->show == VM_SHOW_ERROR_ONE)
            m->digits[0] = 'D';
    }
    if (m->entry == VM_ENTRY_NONE && vm_show_error(m->show)) {
        /* On ЕГГОГ: the number underneath, its first digit E; a zero
         * X adds 1 to that digit, as it makes 0 into 1. */
        if (vm_num_is_zero(m->x) && m->digits[0] == 'E') {
            m->digits[0] = 'F';
            m->show = VM_SHOW_ERROR_ONE;
        }
    } else if (digits_zero(m) && !zero_stays) {
        /* "0 ВП 5" is 1e5; the point shows after the 1 (measured:
         * "00000000." of a pointer shows "1.0000000") */
        m->digits[0] = '1';
        m->show = VM_SHOW_ONE_POINT;
    }
    {
        /* Where this ВП starts from: a later result past 1e99 shown
         * as ЕГГОГ types its exponent from here (measured). */
        int n = digit_count(m);
        m->eex_base = m->exp_base + (m->point < 0 ? n : m->point) - 1;
    }
    if (m->entry == VM_ENTRY_NONE) {
        m->exp_form = false; /* the exponent cells show the typed one */
        /* The number shown is being typed again: a digit after an
         * Сx that ends it does not lift (measured: 6 ИП2 ВП Сx 5
         * leaves Y = 6). */
        m->lift = false;
    }
    exponent_start(m);
    return entry_value(m) ? entry_error(m, false) : false;
}

bool vm_entry_key(vm_machine *m, uint8_t code)
{
    switch (code) {
    case VM_OP_POINT:
        /* On the glyphs of an operation's error X stays; the display
         * shows the sign, point and exponent of a number that was being
         * typed (measured). On an X past 1e99 it is an entry error. */
        if (m->show == VM_SHOW_ERROR_TYPED && m->entry != VM_ENTRY_EXPONENT) {
            m->show = VM_SHOW_ERROR_MARKED;
            return false;
        }
        if (m->show == VM_SHOW_ERROR_EXPONENT) {
            m->show = VM_SHOW_ERROR_MARKED_EXPONENT;
            return false;
        }
        if (m->entry == VM_ENTRY_EXPONENT && vm_show_error(m->show)) {
            /* During ВП on the glyphs: the typed exponent is kept, and
             * acts as after a comma on an operation's error (measured:
             * "0010 ВП 99 ВП 2 ВП 3 , ВП 2" types E010 at 10, "1248,4
             * F cos⁻¹ , ВП 2 , /-/" and "25 F sin⁻¹ ВП 3 , /-/" give 0) */
            m->entry = VM_ENTRY_NONE;
            m->show = VM_SHOW_ERROR_MARKED_EXPONENT;
            return false;
        }
        if ((m->show == VM_SHOW_ERROR_COMMA || m->show == VM_SHOW_ERROR_RANGE ||
             m->show == VM_SHOW_ERROR_RANGE_ZERO) &&
            m->entry == VM_ENTRY_NONE && !m->x.hex && m->x.exp >= 200) {
            /* on an X past 1e199: a number "0," is typed (measured: "1 ВП
             * 60 В↑ x² В↑ x² , ВП 2" and "3 ВП 80 В↑ x² В↑ 2 ВП 80 × , ВП
             * 2" give 1e2, "1 ВП 60 В↑ x² В↑ , ВП 2" 2; after a comma's
             * error in an exponent a second comma does nothing) */
            m->x = vm_num_zero();
            m->show = VM_SHOW_NUMBER;
            m->entry = VM_ENTRY_MANTISSA;
            strcpy(m->digits, "0");
            m->point = 1;
            m->mant_neg = false;
            m->mant_sign = 0;
            m->exp_base = 0;
            m->exp_form = m->exp_open = false;
            m->lift = false;
            return false;
        }
        if ((m->show == VM_SHOW_ERROR_RANGE || m->show == VM_SHOW_ERROR_RANGE_ZERO ||
             m->show == VM_SHOW_ERROR ||
             m->show == VM_SHOW_ERROR_ENTRY) && m->entry == VM_ENTRY_NONE) {
            /* on an X past 1e99, and on the glyphs of an operation's error
             * on a finished number or of an exponent past 99 (measured:
             * "0 6 /-/ F cos⁻¹ , ВП 2" gives 2, as "1e60 x² , ВП 2") */
            m->show = VM_SHOW_ERROR_COMMA;
            return true;
        }
        if (m->entry == VM_ENTRY_EXPONENT ||
            (m->entry == VM_ENTRY_NONE && m->exp_open && !vm_show_error(m->show)))
            return entry_error(m, true);
        if (m->entry == VM_ENTRY_MANTISSA) {
            if (m->point < 0)
                m->point = digit_count(m);
            m->eex_point = true;
        } else if (!vm_show_error(m->show)) {
            /* No number being typed: X takes the number shown (after an
             * operation in a running program, the one shown before it). */
            entry_value(m);
            m->eex_point = true;
        }
        return false;
    case VM_OP_CHS:
        if (m->show == VM_SHOW_ERROR_EXPONENT) {
            /* The typed exponent, kept through the error, is negated; X is
             * the typed number, so its exponent moves by as much. */
            int before = typed_exp(m);
            m->exp_neg = !m->exp_neg;
            m->x.exp = (int16_t)(m->x.exp + typed_exp(m) - before);
            m->entry = VM_ENTRY_EXPONENT;
            return false;
        }
        if (m->entry == VM_ENTRY_EXPONENT) {
            m->exp_neg = !m->exp_neg;
            return entry_value(m) ? entry_error(m, false) : false;
        }
        if (m->entry == VM_ENTRY_NONE && m->exp_open && !vm_show_error(m->show)) {
            /* The open exponent negated in the display register, and X
             * taken from it; a digit still starts a new number. */
            int before = typed_exp(m);
            m->exp_neg = !m->exp_neg;
            m->exp_base += typed_exp(m) - before;
            return entry_value(m) ? entry_error(m, false) : false;
        }
        if (m->show == VM_SHOW_ERROR_MARKED_EXPONENT) {
            /* measured ("231 ВП 5 Feˣ , /-/"), not explained: 0 */
            vm_display_load(m, m->x = vm_num_zero());
            return false;
        }
        if (m->x.hex && vm_f_first_chs(m))
            return false;
        /* During the mantissa it ends the number (the next digit replaces
         * it); on a finished number it negates X. The display shows the
         * sign even for a zero ("-0."), though X stays 0. */
        if (m->entry == VM_ENTRY_MANTISSA) {
            vm_entry_end(m);
            m->lift = false;
        }
        bool neg = m->x.neg; /* of a -0 too, which the check makes +0 */
        if (vm_check_x(m)) { /* an X past 1e99 is not negated: ЕГГОГ */
            vm_display_error(m);
            m->show = VM_SHOW_ERROR_COMMA; /* an entry error (measured) */
            return true;
        }
        vm_display_load(m, m->x);
        if (!m->mant_sign)
            m->mant_neg = neg; /* measured: К {x} of -521 then /-/ shows 0. */
        /* -0 becomes +0 (measured: {x} of -2 then /-/ leaves +0) */
        m->x = vm_num_is_zero(m->x) ? vm_num_zero() : vm_num_neg(m->x);
        if (m->mant_sign)
            m->mant_sign = (9 - m->mant_sign) & 0xF; /* 1 and 8 (measured); above 9 as vm_num_neg */
        else
            m->mant_neg = !m->mant_neg;
        return false;
    case VM_OP_EEX: /* the exponent of the number shown */
        return vm_entry_eex(m, false);
    default: /* a digit */
        if (m->show == VM_SHOW_ERROR_EXPONENT) {
            m->entry = VM_ENTRY_NONE; /* a new number, lifting the stack */
            m->lift = true;
        }
        if (m->entry == VM_ENTRY_NONE) {
            if (m->lift)
                vm_push(m);
            m->entry = VM_ENTRY_MANTISSA;
            m->show = VM_SHOW_NUMBER;
            m->digits[0] = (char)('0' + code);
            m->digits[1] = '\0';
            m->point = -1;
            m->mant_neg = false;
            m->mant_sign = 0;
            m->exp_digits[0] = m->exp_digits[1] = 0;
            m->exp_count = 0;
            m->exp_neg = false;
            m->exp_base = 0;
            m->eex_base = 0;
            m->eex_point = false;
            m->exp_form = false;
            m->exp_open = false;
            m->lift = false;
            /* X is the digit (what entry_value gives for one digit, kept
             * off the loop's every digit step) */
            vm_num_store(&m->x, code * 10000000u, 0, false); /* 0 too: +0 */
            return false;
        } else if (m->entry == VM_ENTRY_EXPONENT) {
            m->exp_digits[0] = m->exp_digits[1];
            m->exp_digits[1] = code;
            if (m->exp_count < 2)
                m->exp_count++;
        } else {
            int n = digit_count(m);
            if (n < 8) {
                m->digits[n] = (char)('0' + code);
                m->digits[n + 1] = '\0';
            }
        }
        return entry_value(m) ? entry_error(m, false) : false;
    }
}

void vm_entry_fold(vm_machine *m)
{
    m->exp_base += typed_exp(m);
    m->show = VM_SHOW_ERROR;
}

void vm_entry_end(vm_machine *m)
{
    if (m->entry != VM_ENTRY_NONE && m->point < 0)
        m->point = digit_count(m); /* a finished number has its point */
    if (m->entry == VM_ENTRY_EXPONENT) {
        /* The typed exponent stays in the display register, and open for
         * /-/ (exp_open). */
        m->exp_base += typed_exp(m);
        m->exp_form = true;
        m->exp_open = true;
    }
    m->entry = VM_ENTRY_NONE;
}

vm_num vm_random(vm_machine *m)
{
    m->rng = m->rng * 6364136223846793005ull + 1442695040888963407ull;
    vm_num r = vm_num_from_int((int64_t)((m->rng >> 33) % 10000000u));
    if (!vm_num_is_zero(r))
        r.exp = (int16_t)(r.exp - 7); /* 0.ddddddd */
    return r;
}

/* ---- keys ----------------------------------------------------------------- */

/* Register families that wait for a register key: their first code. */
static bool wants_register(int code)
{
    const vm_op_info *op = vm_op_cell(code);
    return op && op->format == VM_FMT_REG;
}

static bool wants_address(int code)
{
    const vm_op_info *op = vm_op_cell(code);
    return op && op->format == VM_FMT_ADDR;
}

/* Stores a code at the current address in programming mode; the address
 * moves on (past 104 the counter goes on, A5 A6 ... naming cells again). */
static void store(vm_machine *m, int code)
{
    if (m->pc < 0 || m->pc >= vm_pc_end(m))
        m->pc = 0;
    m->prog[vm_cell(m, m->pc)] = (uint16_t)code;
    m->pc = m->pc + 1 < vm_pc_limit(m) ? m->pc + 1 : m->pc + 1 - vm_pc_limit(m);
}

/* An operand key (register or address digit) for the pending operation. */
static void operand(vm_machine *m, const vm_key_info *k)
{
    int pending = m->pending;
    m->pending = -1;
    if (k->reg < 0)
        return; /* not an operand key: the pending operation is dropped */
    if (pending == VM_ACT_GOTO || wants_address(pending)) {
        /* Two hex digits, a byte, whatever a loaded state held before. */
        m->pending_value = (m->pending_value * 16 + k->reg) & 0xFF;
        /* The second digit completes it; a loaded state may already hold
         * two (0..2 is all a state can say), which then completes too. */
        if (m->pending_digits < 1) {
            m->pending_digits++;
            m->pending = pending;
            return;
        }
        m->pending_digits = 2;
        if (m->mode == VM_MODE_PROG) {
            store(m, m->pending_value);
        } else {
            /* Two address keys, as on the MK-61: 00..EE by hand (0..154);
             * mk61x's higher addresses are for programs (docs/machine.md). */
            m->pc = vm_cell_address(m, (uint16_t)m->pending_value);
        }
        return;
    }
    int code = pending | k->reg; /* a register family */
    if (m->mode == VM_MODE_PROG) {
        store(m, code);
    } else if (pending == VM_OP_STO || pending == VM_OP_RCL || pending == VM_OP_ISTO ||
               pending == VM_OP_IRCL) {
        /* By hand only x→П, П→x, K x→П and K П→x wait for a register (a
         * loaded state may hold any other code: it means nothing here). */
        int pc = m->pc;
        vm_exec(m, (uint8_t)code, pc);
        m->pc = pc;
    }
}

/* What a key does in automatic mode, given the action or code it stands for. */
static void automatic(vm_machine *m, int what)
{
    switch (what) {
    case VM_ACT_RTN:
        m->pc = 0;
        return;
    case VM_ACT_SST:
    case VM_ACT_BST:
        /* They end a number being typed (the next digit replaces it), and
         * the display shows X as a finished number. */
        if (m->mode == VM_MODE_AUTO && m->entry != VM_ENTRY_NONE) {
            vm_entry_end(m);
            vm_display_load(m, m->x);
        }
        if (what == VM_ACT_SST)
            m->pc = m->pc + 1 < vm_pc_limit(m) ? m->pc + 1 : m->pc + 1 - vm_pc_limit(m);
        else
            m->pc = (m->pc > 0 ? m->pc : vm_pc_limit(m)) - 1; /* 00 goes to F9 */
        return;
    case VM_ACT_RS:
        /* A number being typed goes on into the program's digit steps. */
        m->halt = VM_HALT_NONE;
        m->running = true;
        return;
    case VM_ACT_GSB:
        /* One program step, exactly as a run would execute it (digit steps
         * go on building the number in X). */
        m->halt = VM_HALT_NONE;
        vm_step(m, NULL);
        return;
    default:
        break;
    }
    if (what < 0 || wants_address(what) || !vm_op((uint8_t)what))
        return; /* conditions, loops and undocumented codes mean nothing by hand */
    int pc = m->pc;
    vm_exec(m, (uint8_t)what, pc);
    m->pc = pc;
}

static void press(vm_machine *m, const vm_key_info *k);

void vm_press(vm_machine *m, vm_key key)
{
    const vm_key_info *k = vm_key_get(key);
    if (!k)
        return;
    if (m->running) {
        if (key == VM_KEY_RS) {
            vm_stop_run(m);
            m->halt = VM_HALT_STOP;
            m->halt_pc = m->pc;
        }
        return;
    }
    if (vm_halt_is_error(m->halt))
        m->halt = VM_HALT_NONE; /* the next key acts as usual */
    press(m, k);
    if (!m->running)
        vm_settle(m);
}

/* vm_press's work on an idle machine. */
static void press(vm_machine *m, const vm_key_info *k)
{
    if (m->pending != -1) {
        operand(m, k);
        if (m->pending != -1 || k->reg >= 0)
            return;
    }
    int what = m->prefix == VM_PREFIX_F ? k->with_f : m->prefix == VM_PREFIX_K ? k->with_k : k->alone;
    m->prefix = VM_PREFIX_NONE;
    switch (what) {
    case VM_ACT_F:
        m->prefix = VM_PREFIX_F;
        return;
    case VM_ACT_K:
        m->prefix = VM_PREFIX_K;
        return;
    case VM_ACT_NONE:
    case VM_ACT_CF:
        return;
    case VM_ACT_AUTO:
        m->mode = VM_MODE_AUTO;
        return;
    case VM_ACT_PROG:
        vm_entry_end(m);
        m->mode = VM_MODE_PROG;
        return;
    case VM_ACT_RCL:
    case VM_ACT_STO:
        m->pending = what == VM_ACT_RCL ? VM_OP_RCL : VM_OP_STO;
        return;
    default:
        break;
    }
    if (m->mode == VM_MODE_PROG) {
        if (what == VM_ACT_SST || what == VM_ACT_BST) {
            automatic(m, what); /* the same moves of the counter */
            return;
        }
        int code = what == VM_ACT_RTN ? VM_OP_RTN : what == VM_ACT_RS ? VM_OP_STOP
                 : what == VM_ACT_GSB ? VM_OP_GSB : what == VM_ACT_GOTO ? VM_OP_GOTO : what;
        if (wants_register(code)) {
            m->pending = code;
            return;
        }
        store(m, code);
        if (wants_address(code)) {
            m->pending = code;
            m->pending_digits = m->pending_value = 0;
        }
        return;
    }
    if (what == VM_ACT_GOTO) {
        /* БП by hand ends a number being typed; the next digit lifts. */
        if (m->entry != VM_ENTRY_NONE) {
            vm_entry_end(m);
            vm_display_load(m, m->x);
        }
        m->lift = true;
        m->pending = VM_ACT_GOTO;
        m->pending_digits = m->pending_value = 0;
        return;
    }
    if (what >= 0 && wants_register(what)) {
        /* K x→П and K П→x (indirect store and recall) work by hand; the
         * indirect jumps mean nothing there. */
        if (what == VM_OP_ISTO || what == VM_OP_IRCL)
            m->pending = what;
        return;
    }
    automatic(m, what);
}
