/* The instruction loop: one MK-61 step at a time (docs/machine.md). */
#include "vm.h"
#include "vm_counter.h"
#include "vm_internal.h"

#include <string.h>

#define MK61_PC_LIMIT 160 /* the MK-61's counter counts 00..F9 */
#define MK61_PC_END 166   /* and a jump can set it to FA..FF (160..165) */

void vm_init(vm_machine *m, vm_profile_id profile)
{
    memset(m, 0, sizeof *m);
    const vm_profile *p = vm_profile_get(profile);
    m->profile = profile;
    m->steps = p->steps;
    m->regs = p->regs;
    m->x = m->y = m->z = m->t = m->x1 = vm_num_zero();
    for (int r = 0; r < VM_MAX_REGS; r++)
        m->reg[r] = vm_num_zero();
    m->point = -1;
    m->pending = -1;
    m->lift = true;
    m->rng = 0x61u; /* K СЧ's fixed sequence after power-on */
}

void vm_load(vm_machine *m, const vm_program *p)
{
    vm_angle angle = m->angle;
    vm_init(m, p->profile);
    m->angle = angle;
    memcpy(m->prog, p->code, sizeof m->prog);
    for (int r = 0; r < VM_MAX_REGS; r++)
        if (p->reg_set[r])
            m->reg[r] = p->reg_init[r];
    m->pc = p->start;
}

int vm_pc_limit(const vm_machine *m)
{
    return m->profile == VM_PROFILE_MK61 ? MK61_PC_LIMIT : m->steps;
}

int vm_pc_end(const vm_machine *m)
{
    return m->profile == VM_PROFILE_MK61 ? MK61_PC_END : m->steps;
}

int vm_cell(const vm_machine *m, int pc)
{
    if (pc < m->steps)
        return pc;
    return pc < 112 ? pc - 105 : pc - 112;
}

unsigned vm_next_ms(const vm_machine *m)
{
    if (m->pc < 0 || m->pc >= vm_pc_end(m))
        return 0;
    uint16_t cell = m->prog[vm_cell(m, m->pc)];
    return cell <= 0xFF ? vm_op_table[cell].ms : 0; /* 0 for undocumented codes */
}

void vm_stop_run(vm_machine *m)
{
    if (!m->running)
        return;
    vm_display_flush(m);
    m->running = false;
    m->lead = VM_LEAD_DIGITS;
    if (m->entry == VM_ENTRY_NONE && m->show == VM_SHOW_NUMBER)
        vm_display_load(m, m->x);
    vm_settle(m);
}

void vm_clear_halt(vm_machine *m)
{
    m->halt = VM_HALT_NONE;
}

bool vm_halt_is_error(vm_halt h)
{
    return h == VM_HALT_ERROR || h == VM_HALT_BAD_OPCODE;
}

/* The instruction loop's functions are inlined into it (a call a step
 * costs a tenth of a simple step's time). */
#if defined(__GNUC__)
#define HOT static inline __attribute__((always_inline))
#else
#define HOT static inline
#endif

/* ---- stack ---------------------------------------------------------------- */

void vm_push(vm_machine *m)
{
    m->t = m->z;
    m->z = m->y;
    m->y = m->x;
}

/* recall's value with hex digits or a sign nibble of 1, out of the loop. */
#if defined(__GNUC__)
__attribute__((noinline, cold))
#endif
static vm_num recall_nibbles(vm_num v)
{
    /* An operation's code in the exponent (VM_NUM_RAW_EXP): its nibbles are
     * no count to move the digits by, so nothing moves (not measured;
     * docs/mk61.md "A first digit F"). */
    if (v.hex >> 4 && !(v.hex & VM_NUM_RAW_EXP)) { /* a sign nibble of 1 (a carry): the digits move up */
        if (v.mant == 0)
            return vm_num_zero(); /* measured: 1|00000000 gives 0 */
        for (; v.mant && v.mant >> 28 == 0; v.exp--)
            v.mant <<= 4; /* 1|00000001 at 7 gives 1|10000000 at 0 */
    }
    return v; /* hex digits stay (measured) */
}

/* A value that recall-like steps (ИП, КИП, Fπ, FВx) put into X: they always
 * push first, and X holds it normalised, but for hex digits, which stay,
 * and for an exponent past 99, whose nibbles X takes as they are
 * (measured: ИП of a pointer 00000002 at 127 gives that, not 2e120). */
static inline void recall(vm_machine *m, vm_num v)
{
    vm_push(m);
    if (v.hex)
        v = recall_nibbles(v);
    m->x = v.hex || vm_num_is_normal(v) || vm_num_exp_far(v) ? v : vm_num_normal(v);
}

HOT int next_pc(const vm_machine *m, int pc, int by);

/* ---- halts ---------------------------------------------------------------- */

static vm_halt halt_at(vm_machine *m, vm_halt why, int pc, uint16_t code)
{
    m->lead = VM_LEAD_DIGITS; /* at rest the display shows what it holds */
    m->halt = why;
    m->halt_pc = pc;
    m->halt_code = code;
    m->running = false;
    return why;
}

/* ЕГГОГ for an operation with no result: X1 has taken X, nothing else
 * changed, and a program stops with the counter two steps on: the step
 * after the failing one is skipped (measured: ÷ by 0 in "÷ 7 С/П" stops
 * with the counter on С/П). */
static void num_error(vm_machine *m, vm_num_status st, int pc, uint8_t code)
{
    vm_display_flush(m); /* a deferred load shows a number */
    bool entry = m->show == VM_SHOW_ERROR_COMMA || m->show == VM_SHOW_ERROR_RANGE_ZERO;
    m->num_error = st;
    vm_display_error(m);
    if (entry) /* on an entry key's error ВП still starts from 0 (measured:
                  "1e60 x² В↑ F sin ВП" and "5 ВП 56 ВП 99 , F sin ВП" are 0,
                  "99999,9 x² x² x² x² x² F sin ВП 1" is 1) */
        m->show = VM_SHOW_ERROR_COMMA;
    m->pc = next_pc(m, pc, 2);
    halt_at(m, VM_HALT_ERROR, pc, code);
}

/* The exponent being typed when an operation began (vm_exec). */
typedef struct typed_exponent {
    bool typing;
    int digits[2], count, base;
    bool neg;
    bool mantissa; /* the mantissa was being typed */
} typed_exponent;

/* A no-result error on a number being typed: a comma shows its point
 * (VM_SHOW_ERROR_TYPED); an exponent being typed stays typed for /-/
 * (VM_SHOW_ERROR_EXPONENT). */
static void keep_typing(vm_machine *m, const typed_exponent *t)
{
    if (t->mantissa)
        m->show = VM_SHOW_ERROR_TYPED;
    if (!t->typing)
        return;
    m->exp_digits[0] = t->digits[0];
    m->exp_digits[1] = t->digits[1];
    m->exp_count = t->count;
    m->exp_neg = t->neg;
    m->exp_base = t->base;
    m->exp_form = false;
    m->show = VM_SHOW_ERROR_EXPONENT;
}

/* The display routine that В↑, ИП, КИП and every other operation at rest
 * (П, К НОП, a result) run on X: a number it shows in fixed notation
 * (exponent 0..7, or a zero) sets the place the last ВП started from to
 * 0; one in exponent form leaves it (measured: "123 ВП 3 В↑ x² x² x² x²
 * x² ВП 45" types E5329230 at 45, without the В↑ at 47, and so with П2 or
 * К НОП for В↑; "123 ВП 60 В↑ В↑ ÷ × x² ВП 45" at 45, "123 ВП 60 П2 ИП2
 * x² ВП 45" at 47; /-/ leaves it). Measured by hand; in a run, where
 * the display is dark, not applied. */
static inline void display_routine(vm_machine *m, vm_num v)
{
    if (!v.hex && (v.mant == 0 || (unsigned)v.exp <= 7u))
        m->eex_base = 0;
}

/* ЕГГОГ because X cannot be shown (the display register takes X: its
 * digits under the glyphs), or for an entry key's error (the display
 * shows it already): a program stops after the step. */
static void show_error(vm_machine *m, int pc, uint8_t code)
{
    m->num_error = VM_NUM_OVERFLOW;
    if (!vm_show_error(m->show))
        vm_display_load(m, m->x);
    halt_at(m, VM_HALT_ERROR, pc, code);
}

/* The steps that pass X through the machine's display routine (В↑, ИП,
 * КИП, /-/ on a finished number): an X past 9.9999999e99 is an error there,
 * one below 1e-99 becomes 0 (measured). True for the error. */
bool vm_check_x(vm_machine *m)
{
    if (m->x.hex)
        return false;
    /* It reads the digits as they are, then leaves X normalised: a -0
     * becomes +0, a conversion's leading zeros go (measured: {x} of -2
     * then В↑ puts -0 in Y and +0 in X); an X past 1e99 keeps its
     * digits as they are (measured: ИП, В↑ of a pointer's 00000002 at
     * 127). */
    if (m->x.exp > 99)
        return true;
    if (!vm_num_is_normal(m->x))
        m->x = m->x.exp < -99 ? vm_num_zero() : vm_num_normal(m->x);
    return m->x.exp > 99;
}

/* A result kept although its exponent is out of range (the display shows
 * ЕГГОГ while X holds one), or with hex digits: only diagnostics. */
static void kept(vm_machine *m, vm_num_status st, int pc)
{
    if (st == VM_NUM_OVERFLOW)
        vm_set_warn(m, VM_WARN_RANGE, pc, 0, 0);
    else if (m->x.hex)
        vm_set_warn(m, VM_WARN_HEX, pc, 0, 0);
}

/* ---- addresses ------------------------------------------------------------ */

/* The address a jump's cell names: tens in the high bits, units in the
 * low nibble, a units nibble A..F counting 10..15 (measured: БП 0A goes to
 * 10, БП FF to 165, which names cell 53 and counts on to 6). */
int vm_cell_address(const vm_machine *m, uint16_t cell)
{
    int a = (cell >> 4) * 10 + (cell & 0xF);
    return m->profile == VM_PROFILE_MK61 ? a : a % vm_pc_limit(m);
}

/* The step after pc, wrapping past the counter's end (from FA..FF too:
 * 165 + 1 is 6). */
HOT int next_pc(const vm_machine *m, int pc, int by)
{
    int n = pc + by, limit = vm_pc_limit(m);
    return n >= limit ? n - limit : n;
}

/* The direct jump address in the step after pc. */
HOT int operand_address(vm_machine *m, int pc)
{
    return vm_cell_address(m, m->prog[vm_cell(m, next_pc(m, pc, 1))]);
}

HOT void jump(vm_machine *m, int pc, int target)
{
    if (target >= m->steps && m->profile == VM_PROFILE_MK61)
        vm_set_warn(m, VM_WARN_WRAP, pc, target, vm_cell(m, target));
    m->pc = target;
}

/* ---- indirect addressing and loop counters -------------------------------- */

/* A pointer register as an indirect step uses it: put in integer form,
 * R0..R3 less 1 and R4..R6 plus 1, and written back so. */
HOT counter use_pointer(vm_machine *m, int r)
{
    counter c = counter_of(m->reg[r]);
    if (r <= 3)
        c = counter_add(c, -1);
    else if (r <= 6)
        c = counter_add(c, 1);
    if (!(m->reg[r].hex & VM_NUM_RAW_EXP)) /* as in loop_again */
        m->reg[r] = counter_num(c);
    return c;
}

/* The register the last two digits of a pointer name: 00..14 are registers
 * 0..e; from 15 on the units digit decides, 0..4 naming a..e, 5 and 6
 * register 0, 7..9 registers 1..3 (measured; a hex tens digit too: ..A9 to
 * ..E9 name register 3). mk61x extends: 15..99 are its registers 15..99. */
HOT int pointer_register(vm_machine *m, int r, int pc)
{
    counter c = use_pointer(m, r);
    bool more;
    int d = counter_low(c, 100, &more), reg;
    if (d < VM_REGISTERS || (m->profile == VM_PROFILE_MK61X && d < 100)) {
        reg = d;
    } else {
        static const int by_units[10] = {10, 11, 12, 13, 14, 0, 0, 1, 2, 3};
        reg = by_units[d % 10];
    }
    if (d >= VM_REGISTERS || c.exp != 7 || more || c.cut)
        vm_set_warn(m, VM_WARN_POINTER, pc, reg, d);
    return reg;
}

/* The address an indirect jump names: the pointer's last two digits (three
 * for mk61x, whose addresses run to 999; a hex digit by its value: ..E9
 * goes to 149, measured). */
HOT int pointer_address(vm_machine *m, int r, int pc)
{
    counter c = use_pointer(m, r);
    uint32_t span = m->profile == VM_PROFILE_MK61 ? 100u : 1000u;
    bool more;
    int a = counter_low(c, span, &more);
    if (m->profile != VM_PROFILE_MK61)
        a %= (int)span;
    if (c.exp != 7 || more || c.cut)
        vm_set_warn(m, VM_WARN_POINTER, pc, a, a);
    return a;
}

/* FL0..FL3: the counter less 1; unless that is 0 it is stored and the loop
 * jumps (so 1 falls through and stays 1, 1.5 stays 1.5, 0 becomes
 * -99999999 and jumps). */
HOT bool loop_again(vm_machine *m, int r)
{
    counter c = counter_add(counter_of(m->reg[r]), -1);
    if (!c.hex && c.value == 0)
        return false;
    /* A register whose exponent holds an operation's code as nibbles
     * (VM_NUM_RAW_EXP, docs/mk61.md "A first digit F") as a counter or a
     * pointer: what the chips write back was not measured, and the
     * counter's arithmetic reads an exponent as a value; the register is
     * left as it is (the fuzzer found it made unholdable: 0xA07 as 2567). */
    if (!(m->reg[r].hex & VM_NUM_RAW_EXP))
        m->reg[r] = counter_num(c);
    return true;
}

/* ---- conditions ---------------------------------------------------------- */

/* Whether x meets a conditional code's test (vm_isa.h's test column). */
HOT bool condition(uint8_t test, vm_num x)
{
    /* By the sign digit: a -0 is below zero (measured: x<0 holds for it,
     * x>=0 does not). */
    bool zero = x.mant == 0;
    switch ((vm_test)test) {
    case VM_TEST_NE0: return !zero;
    case VM_TEST_GE0: return !x.neg;
    case VM_TEST_LT0: return x.neg;
    default: return zero; /* VM_TEST_EQ0 */
    }
}

/* ---- the step ------------------------------------------------------------ */

/* В/О: the top level, or with none in use the levels' filling (rfill).
 * A return from a full stack shifts the bottom level's units digit into
 * both of its digits for the levels below (measured: after five nested
 * calls from 00, returns past the last go to 12). */
static int pop_return(vm_machine *m)
{
    if (m->rsp == 0)
        return m->rfill + 1;
    int ret = m->rstack[--m->rsp];
    if (m->rsp == VM_RSTACK - 1 && m->profile == VM_PROFILE_MK61) {
        int last = m->rstack[0] > 0 ? m->rstack[0] - 1 : vm_pc_limit(m) - 1;
        m->rfill = 11 * (last % 10);
    }
    return ret;
}

/* ПП and КПП: the return stack is a shift register of 5; a sixth call
 * pushes the oldest return address out (measured). */
static void call(vm_machine *m, int ret, int target, int pc)
{
    if (m->rsp == VM_RSTACK) {
        vm_set_warn(m, VM_WARN_RSTACK, pc, target, m->rstack[0]);
        memmove(m->rstack, m->rstack + 1, sizeof m->rstack[0] * (VM_RSTACK - 1));
        m->rsp--;
    }
    m->rstack[m->rsp++] = ret;
    jump(m, pc, target);
}

/* Digits, the point, /-/ and ВП build a number, from the display register.
 * An error here (a comma in the exponent, an exponent past 99, /-/ on an X
 * that cannot be shown) stops after the step. */
static void number_step(vm_machine *m, uint8_t code, int pc, uint8_t lead)
{
    if (code <= VM_OP_D9 && m->display_pending && m->entry == VM_ENTRY_NONE) {
        /* A digit on a finished number writes the whole display register
         * afresh (vm_entry_key): of the deferred load only its show
         * matters, a number (differential test: test_vm_fast). */
        m->display_pending = false;
        m->show = VM_SHOW_NUMBER;
    }
    vm_display_flush(m);
    bool err;
    if (code == VM_OP_EEX && lead != VM_LEAD_DIGITS && m->entry == VM_ENTRY_NONE) {
        vm_lead_cell(m, lead);
        err = vm_entry_eex(m, true); /* the cell is set: a zero stays */
    } else {
        /* /-/ on an exponent left open changes the exponent only, and a
         * comma on a finished number reads the digits: the first cell
         * stays as the step before left it (measured: "0 0 6 0 4 8 ВП 9
         * /-/ НОП /-/ ВП 6" gives 6.06048e20, "0 0 8 4 0 0 5 К max + ,
         * ВП 9" 8.084005e15) */
        bool open = (code == VM_OP_CHS && m->entry == VM_ENTRY_NONE && m->exp_open &&
                     !vm_show_error(m->show)) ||
                    (code == VM_OP_POINT && m->entry == VM_ENTRY_NONE && !m->exp_open &&
                     !vm_show_error(m->show));
        err = vm_entry_key(m, code);
        if (open && m->running)
            m->lead = lead;
    }
    if (err)
        show_error(m, pc, code);
}

/* A function's result (or its failure) in X: a result out of range is
 * kept, a failure is ЕГГОГ. */
HOT void function_result(vm_machine *m, vm_num_status st, vm_num r, uint8_t code, int pc,
                         const typed_exponent *typed)
{
    if (st == VM_NUM_OK || st == VM_NUM_OVERFLOW) {
        m->x = r;
        kept(m, st, pc);
    } else {
        if (st == VM_NUM_KEPT_ERROR) { /* ЕГГОГ, X written all the same */
            m->x = r;
            st = VM_NUM_DOMAIN;
        }
        num_error(m, st, pc, code);
        keep_typing(m, typed);
    }
}

/* The codes of kind VM_KIND_FN: the arithmetic, the stack's ↔ F⟳, and
 * the functions of the F and K keys. X1 takes X before each. */
static void function_step(vm_machine *m, const vm_op_info *op, int pc)
{
    const uint8_t code = op->code;
    typed_exponent typed = {.typing = m->entry == VM_ENTRY_EXPONENT,
                            .mantissa = m->entry == VM_ENTRY_MANTISSA};
    if (typed.typing) /* kept only then: a failing function leaves it */
        typed = (typed_exponent){true, {m->exp_digits[0], m->exp_digits[1]},
                                 m->exp_count, m->exp_base, m->exp_neg, false};
    if (m->entry != VM_ENTRY_NONE)
        vm_entry_end(m);
    if (m->show == VM_SHOW_ERROR_EXPONENT || m->show == VM_SHOW_ERROR_MARKED_EXPONENT)
        vm_entry_fold(m); /* a second error keeps the typed exponent (measured) */
    vm_num r, old = m->x;
    vm_num_status st;
    if ((m->x.hex | m->y.hex) & VM_NUM_NIBBLES) {
        int done = vm_f_first_fn(m, op, pc);
        if (done) { /* a first digit F, by keys */
            if (done == 2)
                vm_display_load(m, m->x);
            m->lift = true;
            return;
        }
    }
    m->x1 = old;
    if (op->effect < 0) {
        /* + - x /: Y op X, the stack drops. Only hex digits take them
         * outside the model: the call is saved on every ordinary step. */
        bool modelled = !(m->x.hex || m->y.hex) || vm_num_modelled(code, m->x, m->y, m->angle);
        st = vm_num_fn2(code, m->x, m->y, &r);
        if (st == VM_NUM_OK || st == VM_NUM_OVERFLOW) {
            m->y = m->z;
            m->z = m->t;
        }
        function_result(m, st, r, code, pc, &typed);
        if (!modelled)
            vm_set_warn(m, VM_WARN_OPERAND, pc, code, 0);
    } else if (code == VM_OP_SWAP) {
        m->x = m->y;
        m->y = old;
    } else if (code == VM_OP_ROT) {
        if (old.mant == 0) /* measured: a -0 comes out +0, in T and X1 */
            m->x1 = old = vm_num_zero();
        m->x = m->y;
        m->y = m->z;
        m->z = m->t;
        m->t = old;
    } else if (code == VM_OP_RAND) {
        m->x = vm_random(m); /* replaces X, no lift */
    } else if (op->effect > 0) {
        (void)vm_num_fn1(code, m->x, m->angle, &r); /* Fπ: a constant, pushed */
        recall(m, r);
    } else {
        /* x^y, K max and the logic take two operands, but the stack does
         * not drop: Y stays. */
        bool modelled = vm_num_modelled(code, m->x, m->y, m->angle);
        st = op->operands == 2 ? vm_num_fn2(code, m->x, m->y, &r)
                               : vm_num_fn1(code, m->x, m->angle, &r);
        function_result(m, st, r, code, pc, &typed);
        if (!modelled)
            vm_set_warn(m, VM_WARN_OPERAND, pc, code, 0);
        if (code == VM_OP_FRAC && m->x.hex)
            vm_f_first_frac(m);
    }
    if (!m->running && m->halt != VM_HALT_ERROR) {
        display_routine(m, m->x);
        vm_display_load(m, m->x); /* at rest the display shows X */
    }
    m->lift = true;
}

/* Сx, В↑ and F Вx. True when the step set the display register itself. */
static bool stack_step(vm_machine *m, uint8_t code, int pc, bool *lift)
{
    switch (code) {
    case VM_OP_CX:
        m->x = vm_num_zero();
        m->eex_base = 0; /* measured */
        m->eex_point = false;
        *lift = m->lift; /* Сx leaves the lift as the step before set it */
        vm_display_defer(m, m->x);
        return true;
    case VM_OP_ENTER:
        m->exp_open = false; /* measured: a comma after it is no error */
        vm_push(m);
        *lift = false;
        if (m->x.hex)
            vm_f_first_push(m, m->y);
        /* X through the display routine, which loads the display register
         * (measured: "5 В↑ 0 6 8 + В↑ ВП 5" in a run gives 7.3e6) */
        if (vm_check_x(m)) {
            show_error(m, pc, code);
        } else {
            if (!m->running)
                display_routine(m, m->x);
            vm_display_defer(m, m->x);
        }
        return true;
    default: /* VM_OP_LASTX */
        recall(m, m->x1);
        vm_display_defer(m, m->x1);
        return true;
    }
}

/* С/П, БП, В/О, ПП and К НОП. */
HOT void flow_step(vm_machine *m, uint8_t code, int pc)
{
    switch (code) {
    case VM_OP_STOP:
        halt_at(m, VM_HALT_STOP, pc, code);
        break;
    case VM_OP_GOTO:
        jump(m, pc, operand_address(m, pc));
        break;
    case VM_OP_RTN:
        jump(m, pc, pop_return(m)); /* at power-on, none in use: 01 */
        break;
    case VM_OP_GSB:
        call(m, next_pc(m, pc, 2), operand_address(m, pc), pc);
        break;
    default: /* VM_OP_NOP */
        break;
    }
}

/* A register pushed into X (ИП, КИП): the display register takes the
 * register as it holds it (by hand a used pointer shows "00000012."), X
 * its normalised value. */
HOT void recall_register(vm_machine *m, int reg, int pc, uint8_t code)
{
    recall(m, m->reg[reg]);
    if (!m->running) /* by hand: the display routine (a run's is dark) */
        display_routine(m, m->reg[reg]);
    vm_display_defer(m, m->reg[reg]);
    if (!vm_num_is_normal(m->x) && vm_check_x(m)) /* a normal X passes */
        show_error(m, pc, code);
}

/* What each kind of step leaves in the display register's first cell in
 * a run (vm_lead); the conditions, loops and indirect jumps set theirs by
 * where they go. */
static const uint8_t lead_of_kind[] = {
    [VM_KIND_NONE] = VM_LEAD_DIGITS,   [VM_KIND_ENTRY] = VM_LEAD_DIGITS,
    [VM_KIND_STACK] = VM_LEAD_DIGITS,  [VM_KIND_FN] = VM_LEAD_OPERAND,
    [VM_KIND_STO] = VM_LEAD_SIGN,      [VM_KIND_RCL] = VM_LEAD_DIGITS,
    [VM_KIND_FLOW] = VM_LEAD_X,        [VM_KIND_IF] = VM_LEAD_X,
    [VM_KIND_LOOP] = VM_LEAD_DIGITS,   [VM_KIND_IIF] = VM_LEAD_X,
    [VM_KIND_IGOTO] = VM_LEAD_POINTER, [VM_KIND_IGSB] = VM_LEAD_POINTER,
    [VM_KIND_ISTO] = VM_LEAD_SIGN,     [VM_KIND_IRCL] = VM_LEAD_DIGITS,
};

/* X through the display routine (an F condition that holds, an FL that
 * falls through), which loads the display register (measured: "5 В↑ 0 6 8
 * + Fx≠0 ВП 5" gives 7.3e6): ЕГГОГ for an X it cannot show. */
static inline void pass_x(vm_machine *m, int pc, uint8_t code)
{
    if (vm_check_x(m))
        show_error(m, pc, code);
    else
        vm_display_defer(m, m->x);
}

/* In a run, a step that jumped through register r (FL, КБП, КПП, a К
 * condition) leaves that register's last exponent digit (vm_lead). */
static inline void lead_pointer(vm_machine *m, int r)
{
    if (m->running)
        m->lead = (uint8_t)(VM_LEAD_POINTER + r);
}

/* vm_exec, inlined into the loop (vm_run) and the single step: one code,
 * by its kind (vm_isa.h). */
HOT void exec(vm_machine *m, uint8_t code, int pc)
{
    const vm_op_info *op = &vm_op_table[code];
    const vm_kind kind = (vm_kind)op->kind;
    const uint8_t lead = m->lead;
    m->pc = next_pc(m, pc, 1);
    m->lead = m->running ? lead_of_kind[kind] : VM_LEAD_DIGITS;
    switch (kind) {
    case VM_KIND_NONE:
        /* 4F and BF count as П and КП, as their families' nibble (the
         * machine halts on them: only a saved state shows it). */
        if (m->running && (code >> 4 == VM_OP_STO >> 4 || code >> 4 == VM_OP_ISTO >> 4))
            m->lead = VM_LEAD_SIGN;
        if (m->entry != VM_ENTRY_NONE)
            vm_entry_end(m);
        m->pc = pc;
        halt_at(m, VM_HALT_BAD_OPCODE, pc, code);
        return;
    case VM_KIND_ENTRY:
        number_step(m, code, pc, lead);
        return;
    case VM_KIND_FN:
        function_step(m, op, pc);
        return;
    default:
        break;
    }
    if (m->entry != VM_ENTRY_NONE)
        vm_entry_end(m);
    bool lift = true;   /* whether the next digit lifts the stack */
    bool shown = false; /* the step set the display register itself */
    int reg;
    switch (kind) {
    case VM_KIND_STACK:
        shown = stack_step(m, code, pc, &lift);
        break;
    case VM_KIND_STO:
        m->reg[op->reg] = m->x;
        break;
    case VM_KIND_RCL:
        recall_register(m, op->reg, pc, code);
        shown = true;
        break;
    case VM_KIND_FLOW:
        flow_step(m, code, pc);
        break;
    case VM_KIND_IF:
        /* Inverted: the condition holding goes on past the address,
         * through the display routine's check of X (measured: Fx≥0 on
         * 1e100 stops with ЕГГОГ, Fx=0 jumps). */
        if (condition(op->test, m->x)) {
            m->pc = next_pc(m, pc, 2);
            m->lead = VM_LEAD_DIGITS;
            pass_x(m, pc, code);
            shown = true;
        } else {
            jump(m, pc, operand_address(m, pc));
        }
        break;
    case VM_KIND_LOOP:
        /* Falling through passes X through the display routine's check,
         * as a condition that holds does (measured: FL1 with counter 1 or
         * 1.5 on X = 1e180 stops with ЕГГОГ, the counter after the
         * operand; a loop that jumps does not stop). */
        if (loop_again(m, op->loop)) {
            jump(m, pc, operand_address(m, pc));
            lead_pointer(m, op->loop);
        } else {
            m->pc = next_pc(m, pc, 2);
            pass_x(m, pc, code);
            shown = true;
        }
        break;
    case VM_KIND_IIF:
        /* Inverted, and the pointer changes only when the jump is taken. */
        if (!condition(op->test, m->x)) {
            jump(m, pc, pointer_address(m, op->reg, pc));
            lead_pointer(m, op->reg);
        }
        break;
    case VM_KIND_IGOTO:
        jump(m, pc, pointer_address(m, op->reg, pc));
        lead_pointer(m, op->reg);
        break;
    case VM_KIND_IGSB:
        call(m, next_pc(m, pc, 1), pointer_address(m, op->reg, pc), pc);
        lead_pointer(m, op->reg);
        break;
    case VM_KIND_ISTO:
        reg = pointer_register(m, op->reg, pc);
        m->reg[reg] = m->x;
        break;
    default: /* VM_KIND_IRCL */
        recall_register(m, pointer_register(m, op->reg, pc), pc, code);
        shown = true;
        break;
    }
    if (!shown && !m->running && m->halt != VM_HALT_ERROR) {
        display_routine(m, m->x);
        vm_display_load(m, m->x); /* at rest the display shows X */
    }
    m->lift = lift;
}

/* Executes code as the instruction at address pc: sets m->pc to the next
 * instruction (or the jump target) and records any halt. */
void vm_exec(vm_machine *m, uint8_t code, int pc)
{
    bool range = m->show == VM_SHOW_ERROR_RANGE || m->show == VM_SHOW_ERROR_RANGE_ZERO ||
                 m->show == VM_SHOW_ERROR_COMMA || m->show == VM_SHOW_ERROR_ENTRY;
    exec(m, code, pc);
    /* A key other than number entry on the glyphs of an X past 1e99, of
     * an entry key's error or of an exponent typed past 99, that leaves
     * glyphs over an X past 1e99, makes a later ВП start a new number from
     * 0 (measured: "8,7 ВП 61 В↑ x²" then К|x|, ↔, П, В↑, К НОП or x²,
     * then ВП 1, gives 1, so do "В↑ x² В↑ x² ВП 2 ВП 3" 2000 and "8, ВП
     * 54 ВП 99 x² ВП 1" 1; ВП right after x² types E569, and so after an
     * operation's error: "060116 ВП 56 F cos⁻¹ x² ВП 1" types E6139335). */
    if (range && vm_show_error(m->show) && m->x.exp > 99 && !m->x.hex &&
        vm_op_table[code].kind != VM_KIND_ENTRY)
        m->show = VM_SHOW_ERROR_COMMA;
}

/* What the machine does when it comes to rest (after a key, or when a
 * program stops): X is shown, and an X below 1e-99 becomes 0 (measured: a
 * product of 1e-60 and 1e-60 is 0 once shown, but kept inside a run).
 * The check reads X's digits as they are: a conversion's unnormalised
 * 0.36e-99 passes. Then X is normalised, its leading zeros shifted out and
 * a zero made +0, while the display keeps the form it was shown in
 * (measured: 0.1 К °→°′ shows "0.6 -01" and leaves X = 6e-2; a program's
 * В↑ right after the conversion copies the unnormalised digits to Y). */
/* Whether X's exponent digits make it 0 at rest: below 1e-99 (digits
 * 800..900), and also 400..699; 100..399 and 700..799 are kept (measured:
 * 4e120 squared, 640 at rest, is 0; 1.6e-243, 757, stays; from 500..599
 * the real machine never comes to rest, not modelled: 0). */
static bool zero_at_rest(int e)
{
    int s = vm_num_exp_digits(e);
    return (s >= 400 && s <= 699) || (s >= 800 && s <= 900);
}

void vm_settle(vm_machine *m)
{
    vm_display_flush(m);
    if (m->entry != VM_ENTRY_NONE || m->x.hex)
        return;
    if (vm_num_exp_far(m->x) && zero_at_rest(m->x.exp) && m->x.mant != 0) {
        m->x = vm_num_zero();
        if (m->show != VM_SHOW_ERROR)
            vm_display_load(m, m->x);
    } else if (m->show == VM_SHOW_NUMBER) {
        m->x = vm_num_normal(m->x); /* after ЕГГОГ X stays as it is: -0 too */
    }
}

/* One step of a run: vm_step without its trace, leaving a load of the
 * display register deferred (the caller flushes). */
HOT vm_halt step(vm_machine *m)
{
    int pc = m->pc;
    if (pc < 0 || pc >= vm_pc_end(m))
        pc = m->pc = 0; /* a loaded state past the end: the counter wraps */
    uint16_t cell;
    if (pc < m->steps) {
        cell = m->prog[pc];
    } else {
        if (m->warn != VM_WARN_WRAP || m->warn_value != pc)
            vm_set_warn(m, VM_WARN_WRAP, pc, pc, vm_cell(m, pc));
        cell = m->prog[vm_cell(m, pc)];
    }
    if (cell > 0xFF) {
        /* Opcodes are bytes: a wider cell here is an undocumented code,
         * and stops as one (pc stays on it, nothing is counted). */
        return halt_at(m, VM_HALT_BAD_OPCODE, pc, cell);
    }
    exec(m, (uint8_t)cell, pc);
    if (m->halt == VM_HALT_NONE) {
        m->executed++;
        return VM_HALT_NONE;
    }
    if (m->halt != VM_HALT_BAD_OPCODE)
        m->executed++;
    if (m->halt == VM_HALT_STOP || m->halt == VM_HALT_ERROR) {
        /* The program stops: the display shows X again. */
        if (m->halt == VM_HALT_STOP && m->entry == VM_ENTRY_NONE)
            vm_display_load(m, m->x);
        vm_settle(m);
    }
    return m->halt;
}

vm_halt vm_step(vm_machine *m, vm_trace *out)
{
    if (m->halt != VM_HALT_NONE && m->halt != VM_HALT_BUDGET)
        return m->halt;
    m->halt = VM_HALT_NONE;
    const int pc = m->pc < 0 || m->pc >= vm_pc_end(m) ? 0 : m->pc;
    const uint16_t cell = m->prog[vm_cell(m, pc)];
    step(m);
    vm_display_flush(m);
    if (out) {
        const vm_op_info *op = vm_op_cell(cell);
        out->pc = pc;
        out->code = cell;
        out->length = op ? vm_op_length(op) : 1;
        out->x = m->x;
        out->y = m->y;
    }
    return m->halt;
}

/* vm_run and vm_run_watched. */
HOT vm_halt run(vm_machine *m, uint64_t budget, vm_look before, void *ctx)
{
    if (m->halt != VM_HALT_NONE && m->halt != VM_HALT_BUDGET)
        return m->halt;
    m->halt = VM_HALT_NONE;
    m->running = true;
    for (uint64_t n = 0; budget == 0 || n < budget; n++) {
        if (before && !before(ctx, m)) {
            vm_display_flush(m);
            return VM_HALT_NONE;
        }
        if (step(m) != VM_HALT_NONE) {
            vm_display_flush(m);
            return m->halt;
        }
    }
    vm_display_flush(m);
    m->halt = VM_HALT_BUDGET;
    return VM_HALT_BUDGET;
}

vm_halt vm_run(vm_machine *m, uint64_t budget)
{
    return run(m, budget, NULL, NULL);
}

vm_halt vm_run_watched(vm_machine *m, uint64_t budget, vm_look before, void *ctx)
{
    return run(m, budget, before, ctx);
}
