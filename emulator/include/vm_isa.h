/*
 * vm_isa.h: the MK-61 instruction set, defined once (prefix vm_).
 *
 * VM_ISA(OP, FAM) is the single list every other view is derived from, as
 * Wren's opcode list is: the opcode enum, the mnemonic tables (Cyrillic as
 * printed on the keys and in listings, plus a Latin alias), operand
 * formats, the assembler's lookup, the disassembler, the timing, and what
 * the machine asks of a code when it executes one: which behaviour runs
 * it, how the stack moves, the condition a branch tests, the register a
 * loop counts in. Include-and-expand:
 *
 *   OP (code, name, cyrillic, latin, format, ms, kind, fn, in, eff, test,
 *       loop, port)   one opcode byte, VM_OP_<name> in the enum;
 *   FAM(high, name, cyrillic, latin, format, ms, kind, fn, in, eff, test,
 *       port)
 *       a register family: codes high<<4 | R for the registers R = 0..14,
 *       VM_OP_<name> the code for register 0.
 *
 * The columns (the tokens of format, kind, fn, test and port are the
 * enums' names without their prefix: NONE is VM_FMT_NONE in the format
 * column, VM_TEST_NONE in the test column):
 *   format  VM_FMT_: NONE (one step), ADDR (the next step holds a jump
 *           address, written BCD-style), REG (the low nibble names a
 *           register);
 *   ms      the approximate duration of the step on the real calculator,
 *           in milliseconds (about 5 simple steps a second; x^y about 3 s);
 *   kind    VM_KIND_: the behaviour that executes the code (vm.c's
 *           dispatch; codes of one kind share it);
 *   fn      VM_FN_: for a function, the family of vm_num's functions that
 *           computes it (which operands its model covers, vm_num_modelled;
 *           the ИК1303's functions go to vm_num_transcendental);
 *   in      for a function (kind FN), how many of X and Y it takes: 1 for
 *           f(X), 2 for f(X, Y); 0 for a function of neither (Fπ, КСЧ),
 *           the stack's moves (↔ F⟳) and every other kind;
 *   eff     the stack effect: +1 lifts the stack (Y takes X, T is lost),
 *           -1 drops it (Y takes Z, Z takes T, T stays), 0 neither. A
 *           function's result replaces X (eff 0 or -1) or is pushed (+1).
 *           Number entry is 0: a number's first digit lifts as the step
 *           before allows (vm_machine's lift), not by the code;
 *   test    VM_TEST_: the condition on X a conditional jump tests (kinds
 *           IF and IIF), NONE for every other code;
 *   loop    the register FL0..FL3 count in, -1 for every other code;
 *   port    VM_PORT_: where a program may part from the real machine
 *           (docs/mk61.md, "Known differences"; xcheck_portable.c).
 *
 * Adding an instruction is one row here plus its behaviour: a case for a
 * new kind in vm.c's exec (or in its kind's step, for a kind whose codes
 * each do their own thing), a function's case in vm_num_fn.c (or
 * vm_num_trans.c for the ИК1303's); docs/architecture.md lists the rest
 * (a key, the tests' reference lists).
 *
 * Codes not in the list (1F, 27..29, 2B..2F, 3C..3F, 55, 56, xF, F0..FF) are
 * undocumented; the emulator halts on them (VM_HALT_BAD_OPCODE: docs/
 * machine.md, "What is not emulated").
 *
 * Codes 26, 2A, 30 and 33 convert angles and times: 26 degrees and minutes
 * (D.MM) to degrees, 2A D.MMSS to degrees, 30 degrees to D.MMSS, 33 degrees
 * to D.MM, as measured on the real machine (docs/mk61.md, "Functions").
 */
#ifndef VM_ISA_H
#define VM_ISA_H

#include <stddef.h>
#include <stdint.h>

#define VM_ISA(OP, FAM)                                                                       \
    /*  code  name   cyrillic  latin    fmt   ms    kind   fn      in eff test  loop port */  \
    OP (0x00, D0,    "0",      "0",     NONE, 200,  ENTRY, NONE,   0, 0,  NONE, -1,  ENTRY)   \
    OP (0x01, D1,    "1",      "1",     NONE, 200,  ENTRY, NONE,   0, 0,  NONE, -1,  ENTRY)   \
    OP (0x02, D2,    "2",      "2",     NONE, 200,  ENTRY, NONE,   0, 0,  NONE, -1,  ENTRY)   \
    OP (0x03, D3,    "3",      "3",     NONE, 200,  ENTRY, NONE,   0, 0,  NONE, -1,  ENTRY)   \
    OP (0x04, D4,    "4",      "4",     NONE, 200,  ENTRY, NONE,   0, 0,  NONE, -1,  ENTRY)   \
    OP (0x05, D5,    "5",      "5",     NONE, 200,  ENTRY, NONE,   0, 0,  NONE, -1,  ENTRY)   \
    OP (0x06, D6,    "6",      "6",     NONE, 200,  ENTRY, NONE,   0, 0,  NONE, -1,  ENTRY)   \
    OP (0x07, D7,    "7",      "7",     NONE, 200,  ENTRY, NONE,   0, 0,  NONE, -1,  ENTRY)   \
    OP (0x08, D8,    "8",      "8",     NONE, 200,  ENTRY, NONE,   0, 0,  NONE, -1,  ENTRY)   \
    OP (0x09, D9,    "9",      "9",     NONE, 200,  ENTRY, NONE,   0, 0,  NONE, -1,  ENTRY)   \
    OP (0x0A, POINT, ",",      ".",     NONE, 200,  ENTRY, NONE,   0, 0,  NONE, -1,  ENTRY)   \
    OP (0x0B, CHS,   "/-/",    "CHS",   NONE, 200,  ENTRY, NONE,   0, 0,  NONE, -1,  ENTRY)   \
    OP (0x0C, EEX,   "ВП",     "EE",    NONE, 200,  ENTRY, NONE,   0, 0,  NONE, -1,  ENTRY)   \
    OP (0x0D, CX,    "Сx",     "CX",    NONE, 200,  STACK, NONE,   0, 0,  NONE, -1,  SAME)    \
    OP (0x0E, ENTER, "В↑",     "ENT",   NONE, 200,  STACK, NONE,   0, +1, NONE, -1,  SAME)    \
    OP (0x0F, LASTX, "FВx",    "LASTX", NONE, 200,  STACK, NONE,   0, +1, NONE, -1,  SAME)    \
    OP (0x10, ADD,   "+",      "+",     NONE, 200,  FN,    ARITH,  2, -1, NONE, -1,  WHOLE)   \
    OP (0x11, SUB,   "-",      "-",     NONE, 200,  FN,    ARITH,  2, -1, NONE, -1,  WHOLE)   \
    OP (0x12, MUL,   "×",      "*",     NONE, 250,  FN,    ARITH,  2, -1, NONE, -1,  WHOLE)   \
    OP (0x13, DIV,   "÷",      "/",     NONE, 300,  FN,    ARITH,  2, -1, NONE, -1,  SAME)    \
    OP (0x14, SWAP,  "↔",      "XY",    NONE, 200,  FN,    NONE,   0, 0,  NONE, -1,  SAME)    \
    OP (0x15, EXP10, "F10ˣ",   "10^X",  NONE, 1000, FN,    TRANS,  1, 0,  NONE, -1,  DIGITS)  \
    OP (0x16, EXP,   "Feˣ",    "E^X",   NONE, 1000, FN,    TRANS,  1, 0,  NONE, -1,  DIGITS)  \
    OP (0x17, LG,    "Flg",    "LG",    NONE, 1000, FN,    TRANS,  1, 0,  NONE, -1,  DIGITS)  \
    OP (0x18, LN,    "Fln",    "LN",    NONE, 1000, FN,    TRANS,  1, 0,  NONE, -1,  DIGITS)  \
    OP (0x19, ASIN,  "Fsin⁻¹", "ASIN",  NONE, 1500, FN,    TRANS,  1, 0,  NONE, -1,  DIGITS)  \
    OP (0x1A, ACOS,  "Fcos⁻¹", "ACOS",  NONE, 1500, FN,    TRANS,  1, 0,  NONE, -1,  DIGITS)  \
    OP (0x1B, ATAN,  "Ftg⁻¹",  "ATAN",  NONE, 1500, FN,    TRANS,  1, 0,  NONE, -1,  DIGITS)  \
    OP (0x1C, SIN,   "Fsin",   "SIN",   NONE, 1000, FN,    TRANS,  1, 0,  NONE, -1,  DIGITS)  \
    OP (0x1D, COS,   "Fcos",   "COS",   NONE, 1000, FN,    TRANS,  1, 0,  NONE, -1,  DIGITS)  \
    OP (0x1E, TAN,   "Ftg",    "TAN",   NONE, 1000, FN,    TRANS,  1, 0,  NONE, -1,  DIGITS)  \
    OP (0x20, PI,    "Fπ",     "PI",    NONE, 200,  FN,    CONST,  0, +1, NONE, -1,  SAME)    \
    OP (0x21, SQRT,  "F√",     "SQRT",  NONE, 600,  FN,    RAW,    1, 0,  NONE, -1,  SAME)    \
    OP (0x22, SQ,    "Fx²",    "X^2",   NONE, 250,  FN,    RAW,    1, 0,  NONE, -1,  WHOLE)   \
    OP (0x23, INV,   "F1/x",   "1/X",   NONE, 300,  FN,    ARITH,  1, 0,  NONE, -1,  SAME)    \
    OP (0x24, POW,   "Fxʸ",    "X^Y",   NONE, 3000, FN,    TRANS,  2, 0,  NONE, -1,  DIGITS)  \
    OP (0x25, ROT,   "F⟳",     "ROT",   NONE, 200,  FN,    NONE,   0, 0,  NONE, -1,  SAME)    \
    OP (0x26, DM2D,  "К°′→°",  "DM>D",  NONE, 500,  FN,    RAW,    1, 0,  NONE, -1,  DIGITS)  \
    OP (0x2A, DMS2D, "К°′″→°", "DMS>D", NONE, 500,  FN,    RAW,    1, 0,  NONE, -1,  DIGITS)  \
    OP (0x30, D2DMS, "К°→°′″", "D>DMS", NONE, 500,  FN,    RAW,    1, 0,  NONE, -1,  DIGITS)  \
    OP (0x31, ABS,   "К|x|",   "ABS",   NONE, 200,  FN,    PARTS,  1, 0,  NONE, -1,  SAME)    \
    OP (0x32, SIGN,  "КЗН",    "SIGN",  NONE, 200,  FN,    PARTS,  1, 0,  NONE, -1,  SAME)    \
    OP (0x33, D2DM,  "К°→°′",  "D>DM",  NONE, 500,  FN,    RAW,    1, 0,  NONE, -1,  DIGITS)  \
    OP (0x34, INT,   "К[x]",   "INT",   NONE, 200,  FN,    PARTS,  1, 0,  NONE, -1,  SAME)    \
    OP (0x35, FRAC,  "К{x}",   "FRAC",  NONE, 200,  FN,    PARTS,  1, 0,  NONE, -1,  SAME)    \
    OP (0x36, MAX,   "Кmax",   "MAX",   NONE, 200,  FN,    ARITH,  2, 0,  NONE, -1,  SAME)    \
    OP (0x37, AND,   "К∧",     "AND",   NONE, 300,  FN,    BITS,   2, 0,  NONE, -1,  DIGITS)  \
    OP (0x38, OR,    "К∨",     "OR",    NONE, 300,  FN,    BITS,   2, 0,  NONE, -1,  DIGITS)  \
    OP (0x39, XOR,   "К⊕",     "XOR",   NONE, 300,  FN,    BITS,   2, 0,  NONE, -1,  DIGITS)  \
    OP (0x3A, NOT,   "КИНВ",   "NOT",   NONE, 300,  FN,    BITS,   1, 0,  NONE, -1,  DIGITS)  \
    OP (0x3B, RAND,  "КСЧ",    "RND",   NONE, 300,  FN,    NONE,   0, 0,  NONE, -1,  DIGITS)  \
    FAM(0x4,  STO,   "П",      "M",     REG,  200,  STO,   NONE,   0, 0,  NONE,      SAME)    \
    OP (0x50, STOP,  "С/П",    "R/S",   NONE, 200,  FLOW,  NONE,   0, 0,  NONE, -1,  SAME)    \
    OP (0x51, GOTO,  "БП",     "GOTO",  ADDR, 200,  FLOW,  NONE,   0, 0,  NONE, -1,  SAME)    \
    OP (0x52, RTN,   "В/О",    "RTN",   NONE, 200,  FLOW,  NONE,   0, 0,  NONE, -1,  SAME)    \
    OP (0x53, GSB,   "ПП",     "GSB",   ADDR, 200,  FLOW,  NONE,   0, 0,  NONE, -1,  CALL)    \
    OP (0x54, NOP,   "КНОП",   "NOP",   NONE, 200,  FLOW,  NONE,   0, 0,  NONE, -1,  SAME)    \
    OP (0x57, XNE0,  "Fx≠0",   "X!=0",  ADDR, 200,  IF,    NONE,   0, 0,  NE0,  -1,  SAME)    \
    OP (0x58, L2,    "FL2",    "L2",    ADDR, 200,  LOOP,  NONE,   0, 0,  NONE, 2,   LOOP)    \
    OP (0x59, XGE0,  "Fx≥0",   "X>=0",  ADDR, 200,  IF,    NONE,   0, 0,  GE0,  -1,  SAME)    \
    OP (0x5A, L3,    "FL3",    "L3",    ADDR, 200,  LOOP,  NONE,   0, 0,  NONE, 3,   LOOP)    \
    OP (0x5B, L1,    "FL1",    "L1",    ADDR, 200,  LOOP,  NONE,   0, 0,  NONE, 1,   LOOP)    \
    OP (0x5C, XLT0,  "Fx<0",   "X<0",   ADDR, 200,  IF,    NONE,   0, 0,  LT0,  -1,  SAME)    \
    OP (0x5D, L0,    "FL0",    "L0",    ADDR, 200,  LOOP,  NONE,   0, 0,  NONE, 0,   LOOP)    \
    OP (0x5E, XEQ0,  "Fx=0",   "X=0",   ADDR, 200,  IF,    NONE,   0, 0,  EQ0,  -1,  SAME)    \
    FAM(0x6,  RCL,   "ИП",     "RM",    REG,  200,  RCL,   NONE,   0, +1, NONE,      SAME)    \
    FAM(0x7,  IXNE0, "Кx≠0",   "KX!=0", REG,  250,  IIF,   NONE,   0, 0,  NE0,       POINTER) \
    FAM(0x8,  IGOTO, "КБП",    "KGOTO", REG,  250,  IGOTO, NONE,   0, 0,  NONE,      POINTER) \
    FAM(0x9,  IXGE0, "Кx≥0",   "KX>=0", REG,  250,  IIF,   NONE,   0, 0,  GE0,       POINTER) \
    FAM(0xA,  IGSB,  "КПП",    "KGSB",  REG,  250,  IGSB,  NONE,   0, 0,  NONE,      POINTER) \
    FAM(0xB,  ISTO,  "КП",     "KM",    REG,  250,  ISTO,  NONE,   0, 0,  NONE,      POINTER) \
    FAM(0xC,  IXLT0, "Кx<0",   "KX<0",  REG,  250,  IIF,   NONE,   0, 0,  LT0,       POINTER) \
    FAM(0xD,  IRCL,  "КИП",    "KRM",   REG,  250,  IRCL,  NONE,   0, +1, NONE,      POINTER) \
    FAM(0xE,  IXEQ0, "Кx=0",   "KX=0",  REG,  250,  IIF,   NONE,   0, 0,  EQ0,       POINTER)

typedef enum vm_format {
    VM_FMT_NONE, /* a single step */
    VM_FMT_ADDR, /* the next step holds a jump address */
    VM_FMT_REG   /* the low nibble of the code names a register 0..14 */
} vm_format;

/* What executes a code (the kind column). */
typedef enum vm_kind {
    VM_KIND_NONE,  /* an undocumented code: the machine halts on it */
    VM_KIND_ENTRY, /* builds the number being typed: digits , /-/ ВП */
    VM_KIND_STACK, /* Сx, В↑, FВx: the stack, X1 untouched */
    VM_KIND_FN,    /* X1 takes X, then a function (vm_num_fn1, vm_num_fn2)
                    * or a move of the stack (↔ F⟳ КСЧ) */
    VM_KIND_STO,   /* П R: a register takes X */
    VM_KIND_RCL,   /* ИП R: a register pushed into X */
    VM_KIND_FLOW,  /* С/П, БП, В/О, ПП, К НОП */
    VM_KIND_IF,    /* Fx≠0 ...: jumps unless X meets the test */
    VM_KIND_LOOP,  /* FL0..FL3: counts the loop register down, jumps */
    VM_KIND_IIF,   /* Кx≠0 R ...: IF to the address a pointer holds */
    VM_KIND_IGOTO, /* КБП R */
    VM_KIND_IGSB,  /* КПП R */
    VM_KIND_ISTO,  /* КП R: the register a pointer names takes X */
    VM_KIND_IRCL   /* КИП R: the register a pointer names pushed into X */
} vm_kind;

/* The family of a function (the fn column): how vm_num computes it and
 * which operands its model covers (vm_num_modelled, vm_num.h). */
typedef enum vm_fn {
    VM_FN_NONE,   /* not a function of vm_num (↔ F⟳ К СЧ, and every other
                   * kind) */
    VM_FN_ARITH,  /* the adder's: + − × ÷, 1/x, K max; hex digits are read
                   * as each digit's value, which is not always the
                   * machine's */
    VM_FN_TRANS,  /* the ИК1303's: 10ˣ eˣ lg ln, the trigonometric functions
                   * and their inverses, xʸ (vm_num_transcendental); modelled
                   * for normalised operands inside -99..99 */
    VM_FN_RAW,    /* on the digits as the register holds them: √ x² and the
                   * angle and time conversions; modelled inside -99..99 */
    VM_FN_PARTS,  /* |x| ЗН [x] {x} */
    VM_FN_BITS,   /* ∧ ∨ ⊕ ИНВ: the mantissa's nibbles */
    VM_FN_CONST   /* F π */
} vm_fn;

/* The condition a conditional jump tests (the test column); the jump is
 * taken when X does not meet it (the MK-61's conditions are inverted). */
typedef enum vm_test {
    VM_TEST_NONE,
    VM_TEST_NE0, /* x ≠ 0 */
    VM_TEST_GE0, /* x ≥ 0: the sign digit is + */
    VM_TEST_LT0, /* x < 0: the sign digit is − (a -0 too) */
    VM_TEST_EQ0  /* x = 0 */
} vm_test;

/* Where a program may lean on a difference from the real machine (the port
 * column), what the cross-check's portability watch looks at. */
typedef enum vm_port {
    VM_PORT_SAME,   /* nothing known: the same on the real machine */
    VM_PORT_ENTRY,  /* number entry: the real machine differs right after a
                     * stop, after Сx, after /-/, and for ВП or a comma on a
                     * finished number */
    VM_PORT_WHOLE,  /* + − × x²: the same digits for whole operands and a
                     * whole result below 10^8 (else rounding may differ) */
    VM_PORT_DIGITS, /* a function whose last digits the real machine
                     * computes its own way */
    VM_PORT_LOOP,   /* the same for a loop counter that is a whole number of
                     * 1 or more */
    VM_PORT_CALL,   /* the same up to five nested calls (the real return
                     * stack wraps) */
    VM_PORT_POINTER /* the same for a whole pointer that names a register or
                     * an address of the profile (КПП: and five calls) */
} vm_port;

/* The opcode enum: VM_OP_<name> for single codes, VM_OP_<name> as the first
 * code (register 0) of a register family. */
typedef enum vm_opcode {
#define VM_ENUM_OP(code, name, ...) VM_OP_##name = code,
#define VM_ENUM_FAM(high, name, ...) VM_OP_##name = (high) << 4,
    VM_ISA(VM_ENUM_OP, VM_ENUM_FAM)
#undef VM_ENUM_OP
#undef VM_ENUM_FAM
} vm_opcode;

#define VM_REGISTERS 15 /* registers 0..9, a..e */

/* What one documented code is: its row of VM_ISA. The small fields come
 * first, together, for the instruction loop. */
typedef struct vm_op_info {
    uint8_t code;
    uint8_t reg;          /* the register for VM_FMT_REG codes, else 0 */
    uint8_t kind;         /* vm_kind */
    uint8_t fn;           /* vm_fn */
    uint8_t operands;     /* in: 0, 1 or 2 */
    int8_t effect;        /* eff: -1, 0 or +1 */
    uint8_t test;         /* vm_test */
    int8_t loop;          /* the loop register 0..3, else -1 */
    uint8_t port;         /* vm_port */
    vm_format format;
    unsigned ms;          /* approximate duration on the real machine */
    const char *cyrillic; /* key / listing name, UTF-8, without the register */
    const char *latin;    /* ASCII alias, without the register */
} vm_op_info;

/* The rows expanded, one entry a code: an undocumented code's entry is
 * zero (kind VM_KIND_NONE, no names). Read it through vm_op, inline for
 * the loops that look at every step (the machine's, the cross-check's). */
extern const vm_op_info vm_op_table[256];

/* The description of a code, or NULL when the code is undocumented. */
static inline const vm_op_info *vm_op(uint8_t code)
{
    return vm_op_table[code].kind != VM_KIND_NONE ? &vm_op_table[code] : NULL;
}

/* The description of what a program cell holds (vm_machine's prog, a
 * vm_program's code), or NULL when that is no documented code: negative,
 * wider than a byte (mk61x's cells), or undocumented. */
static inline const vm_op_info *vm_op_cell(int cell)
{
    return cell >= 0 && cell <= 0xFF ? vm_op((uint8_t)cell) : NULL;
}

/* How many codes are documented. */
int vm_op_count(void);

/* Steps the instruction at this code occupies: 2 for VM_FMT_ADDR, else 1. */
int vm_op_length(const vm_op_info *op);

/* The register letter of a register number: '0'..'9', 'a'..'e'. */
char vm_reg_name(int reg);

/* A register as listings and directives write it: "0".."9", "a".."e", then
 * "15".."99" (mk61x); buf is returned. */
const char *vm_reg_text(int reg, char buf[4]);

#endif
