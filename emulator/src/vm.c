/* The instruction loop: one MK-61 step at a time (docs/machine.md). */
#include "vm.h"
#include "vm_internal.h"

#include <string.h>

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

unsigned vm_next_ms(const vm_machine *m)
{
    if (m->pc < 0 || m->pc >= m->steps || m->prog[m->pc] > 0xFF)
        return 0;
    const vm_op_info *op = vm_op((uint8_t)m->prog[m->pc]);
    return op ? op->ms : 0;
}

void vm_clear_halt(vm_machine *m)
{
    m->halt = VM_HALT_NONE;
}

bool vm_halt_is_error(vm_halt h)
{
    return h != VM_HALT_NONE && h != VM_HALT_STOP && h != VM_HALT_BUDGET;
}

/* ---- stack ---------------------------------------------------------------- */

void vm_push(vm_machine *m)
{
    m->t = m->z;
    m->z = m->y;
    m->y = m->x;
}

/* After a two-operand operation: the result in X, the stack drops. */
static void drop_with(vm_machine *m, vm_num result)
{
    m->x1 = m->x;
    m->x = result;
    m->y = m->z;
    m->z = m->t;
}

/* A value that recall-like steps (ИП, КИП, Fπ, FВx, КСЧ) put into X: they
 * always push first (docs/machine.md). */
static void recall(vm_machine *m, vm_num v)
{
    vm_push(m);
    m->x = v;
}

/* ---- halts ---------------------------------------------------------------- */

static vm_halt halt_at(vm_machine *m, vm_halt why, int pc, uint16_t code)
{
    m->halt = why;
    m->halt_pc = pc;
    m->halt_code = code;
    m->running = false;
    return why;
}

/* ЕГГОГ: the operation is not carried out; X keeps its value. */
static vm_halt num_error(vm_machine *m, vm_num_status st, int pc, uint8_t code)
{
    m->num_error = st;
    return halt_at(m, VM_HALT_ERROR, pc, code);
}

/* ---- indirect addressing ------------------------------------------------- */

/* Modifies pointer register r as the MK-61 does before an indirect access
 * (0..3: minus 1, 4..6: plus 1, 7..e: as it is) and returns the integer part
 * it then holds, or -1 when that is negative or too large to name anything. */
static long pointer(vm_machine *m, int r)
{
    vm_num one = vm_num_from_int(1), p = m->reg[r];
    if (r <= 3)
        vm_num_sub(p, one, &p);
    else if (r <= 6)
        vm_num_add(p, one, &p);
    m->reg[r] = p;
    vm_num whole = vm_num_abs(vm_num_int(p));
    if (p.neg || whole.exp > 8)
        return -1;
    long v = whole.mant;
    for (int e = whole.exp; e < 7; e++)
        v /= 10;
    return v;
}

/* The register an indirect step names through r, or -1 (halted). */
static int pointer_register(vm_machine *m, int r, int pc, uint8_t code)
{
    long v = pointer(m, r);
    if (v >= 0)
        v %= 100; /* the last two digits */
    if (v < 0 || v >= m->regs) {
        halt_at(m, VM_HALT_BAD_REGISTER, pc, code);
        return -1;
    }
    return (int)v;
}

/* The address an indirect jump names through r, or -1 (halted). */
static int pointer_address(vm_machine *m, int r, int pc, uint8_t code)
{
    long v = pointer(m, r);
    if (v >= 0 && m->profile == VM_PROFILE_MK61)
        v %= 100; /* the last two digits */
    if (v < 0 || v >= m->steps) {
        halt_at(m, VM_HALT_BAD_ADDRESS, pc, code);
        return -1;
    }
    return (int)v;
}

/* The direct jump address in the cell after pc, or -1 (halted): the cell
 * decodes as (cell >> 4) * 10 + (cell & 0xF) (vm_program.h) and must name a
 * step of the profile (00..104 for mk61, 000..999 for mk61x). */
static int operand_address(vm_machine *m, int pc, uint8_t code)
{
    if (pc + 1 >= m->steps) {
        halt_at(m, VM_HALT_BAD_ADDRESS, pc, code);
        return -1;
    }
    int a = vm_addr_decode(m->prog[pc + 1]);
    if (a < 0 || a >= m->steps) {
        halt_at(m, VM_HALT_BAD_ADDRESS, pc, code);
        return -1;
    }
    return a;
}

/* ---- conditions ---------------------------------------------------------- */

/* Whether the condition of a conditional code holds for x. The low nibble
 * of the direct codes (57 x≠0, 59 x≥0, 5C x<0, 5E x=0) and the high nibble
 * of the indirect ones (7R x≠0, 9R x≥0, CR x<0, ER x=0) are the same. */
static bool condition(int which, vm_num x)
{
    int s = vm_num_sign(x);
    switch (which) {
    case 0x7: return s != 0;
    case 0x9: return s >= 0;
    case 0xC: return s < 0;
    default: return s == 0; /* 0xE */
    }
}

/* ---- the step ------------------------------------------------------------ */

static bool call(vm_machine *m, int ret, int target, int pc, uint8_t code)
{
    if (m->rsp == VM_RSTACK) {
        halt_at(m, VM_HALT_RSTACK_FULL, pc, code);
        return false;
    }
    m->rstack[m->rsp++] = ret;
    m->pc = target;
    return true;
}

/* Executes code as the instruction at address pc: sets m->pc to the next
 * instruction (or the jump target) and records any halt. */
void vm_exec(vm_machine *m, uint8_t code, int pc)
{
    const int hi = code >> 4, lo = code & 0xF;
    m->pc = pc + 1;

    if (code <= 0x0C) {
        /* Digits, the point, /-/ and ВП build a number. */
        vm_entry_key(m, code);
        return;
    }
    vm_entry_end(m);
    if (!vm_op(code))
        goto undocumented;
    bool lift = true; /* whether the next digit lifts the stack */
    vm_num r;
    vm_num_status st = VM_NUM_OK;
    int a, reg;
    switch (hi) {
    case 0x0:
        if (code == VM_OP_CX) {
            m->x = vm_num_zero();
            lift = false;
        } else if (code == VM_OP_ENTER) {
            vm_push(m);
            lift = false;
        } else { /* F Вx */
            recall(m, m->x1);
        }
        break;
    case 0x1:
        if (code <= VM_OP_DIV) {
            st = vm_num_fn2(code, m->x, m->y, &r);
            if (st == VM_NUM_OK)
                drop_with(m, r);
        } else if (code == VM_OP_SWAP) {
            r = m->y;
            m->y = m->x;
            m->x1 = m->x;
            m->x = r;
        } else {
            goto one_operand;
        }
        break;
    case 0x2:
    case 0x3:
        if (code == VM_OP_PI) {
            vm_num_fn1(code, m->x, m->angle, &r);
            recall(m, r);
        } else if (code == VM_OP_ROT) {
            r = m->x;
            m->x = m->y;
            m->y = m->z;
            m->z = m->t;
            m->t = r;
        } else if (code == VM_OP_POW || (code >= VM_OP_MAX && code <= VM_OP_XOR)) {
            /* Two operands, but the stack does not drop: Y stays
             * (docs/mk61.md). */
            st = vm_num_fn2(code, m->x, m->y, &r);
            if (st == VM_NUM_OK) {
                m->x1 = m->x;
                m->x = r;
            }
        } else if (code == VM_OP_RAND) {
            recall(m, vm_random(m));
        } else {
            goto one_operand;
        }
        break;
    case 0x4:
        m->reg[lo] = m->x;
        break;
    case 0x5:
        switch (code) {
        case VM_OP_STOP:
            halt_at(m, VM_HALT_STOP, pc, code);
            break;
        case VM_OP_GOTO:
            if ((a = operand_address(m, pc, code)) >= 0)
                m->pc = a;
            break;
        case VM_OP_RTN:
            /* An empty return stack returns to address 01 (docs/machine.md). */
            m->pc = m->rsp ? m->rstack[--m->rsp] : 1;
            break;
        case VM_OP_GSB:
            if ((a = operand_address(m, pc, code)) >= 0)
                call(m, pc + 2, a, pc, code);
            break;
        case VM_OP_NOP:
            break;
        case VM_OP_XNE0:
        case VM_OP_XGE0:
        case VM_OP_XLT0:
        case VM_OP_XEQ0:
            /* Inverted: the condition holding goes on past the address. */
            if ((a = operand_address(m, pc, code)) >= 0)
                m->pc = condition(lo, m->x) ? pc + 2 : a;
            break;
        case VM_OP_L0:
        case VM_OP_L1:
        case VM_OP_L2:
        case VM_OP_L3: {
            /* Decrement and jump while the counter is above 1; it is
             * left at 1 (the real machine, docs/machine.md). */
            int counter = code == VM_OP_L0 ? 0 : code == VM_OP_L1 ? 1 : code == VM_OP_L2 ? 2 : 3;
            if ((a = operand_address(m, pc, code)) < 0)
                break;
            vm_num one = vm_num_from_int(1);
            if (vm_num_cmp(m->reg[counter], one) > 0) {
                vm_num_sub(m->reg[counter], one, &m->reg[counter]);
                m->pc = a;
            } else {
                m->pc = pc + 2;
            }
            break;
        }
        default:
            goto undocumented;
        }
        break;
    case 0x6:
        recall(m, m->reg[lo]);
        break;
    case 0x8:
    case 0xA:
        if ((a = pointer_address(m, lo, pc, code)) < 0)
            break;
        if (hi == 0x8)
            m->pc = a;
        else
            call(m, pc + 1, a, pc, code);
        break;
    case 0xB:
    case 0xD:
        if ((reg = pointer_register(m, lo, pc, code)) < 0)
            break;
        if (hi == 0xB)
            m->reg[reg] = m->x;
        else
            recall(m, m->reg[reg]);
        break;
    case 0x7:
    case 0x9:
    case 0xC:
    case 0xE:
        /* Inverted, and the pointer changes only when the jump is taken. */
        if (!condition(hi, m->x) && (a = pointer_address(m, lo, pc, code)) >= 0)
            m->pc = a;
        break;
    default:
        goto undocumented;
    }
    if (st != VM_NUM_OK)
        num_error(m, st, pc, code);
    m->lift = lift;
    return;

one_operand:
    st = vm_num_fn1(code, m->x, m->angle, &r);
    if (st == VM_NUM_OK) {
        m->x1 = m->x;
        m->x = r;
    } else {
        num_error(m, st, pc, code);
    }
    m->lift = true;
    return;

undocumented:
    m->pc = pc;
    halt_at(m, VM_HALT_BAD_OPCODE, pc, code);
}

vm_halt vm_step(vm_machine *m, vm_trace *out)
{
    if (m->halt != VM_HALT_NONE && m->halt != VM_HALT_BUDGET)
        return m->halt;
    m->halt = VM_HALT_NONE;
    const int pc = m->pc;
    if (pc < 0 || pc >= m->steps)
        return halt_at(m, VM_HALT_BAD_ADDRESS, pc, 0);
    const uint16_t cell = m->prog[pc];
    if (cell > 0xFF) {
        /* Opcodes are bytes: a wider cell here is an undocumented code,
         * and stops as one (pc stays on it, nothing is counted). */
        halt_at(m, VM_HALT_BAD_OPCODE, pc, cell);
        if (out) {
            out->pc = pc;
            out->code = cell;
            out->length = 1;
            out->x = m->x;
            out->y = m->y;
        }
        return m->halt;
    }
    const uint8_t code = (uint8_t)cell;
    vm_exec(m, code, pc);
    if (m->halt != VM_HALT_BAD_OPCODE)
        m->executed++;
    if (out) {
        out->pc = pc;
        out->code = code;
        const vm_op_info *op = vm_op(code);
        out->length = op ? vm_op_length(op) : 1;
        out->x = m->x;
        out->y = m->y;
    }
    return m->halt;
}

vm_halt vm_run(vm_machine *m, uint64_t budget)
{
    if (m->halt != VM_HALT_NONE && m->halt != VM_HALT_BUDGET)
        return m->halt;
    m->halt = VM_HALT_NONE;
    m->running = true;
    for (uint64_t n = 0; budget == 0 || n < budget; n++)
        if (vm_step(m, NULL) != VM_HALT_NONE)
            return m->halt;
    m->halt = VM_HALT_BUDGET;
    return VM_HALT_BUDGET;
}
