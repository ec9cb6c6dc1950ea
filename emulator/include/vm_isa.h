/*
 * vm_isa.h: the MK-61 instruction set, defined once (prefix vm_).
 *
 * VM_ISA(OP, FAM) is the single list every other view is derived from: the
 * opcode enum, the mnemonic tables (Cyrillic as printed on the keys and in
 * listings, plus a Latin alias), operand formats, the assembler's lookup, the
 * disassembler and the timing. Include-and-expand, Wren style:
 *
 *   OP (code, name, cyrillic, latin, format, ms)
 *       one opcode byte, VM_OP_<name> in the enum;
 *   FAM(high, name, cyrillic, latin, format, ms)
 *       a register family: codes high<<4 | R for the registers R = 0..14.
 *
 * format: VM_FMT_NONE (one step), VM_FMT_ADDR (the next step holds a jump
 * address, written BCD-style), VM_FMT_REG (the low nibble names a register).
 * ms: the approximate duration of the step on the real calculator, in
 * milliseconds (about 5 simple steps a second; x^y about 3 s).
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

#include <stdint.h>

#define VM_ISA(OP, FAM)                                                    \
    OP(0x00, D0, "0", "0", VM_FMT_NONE, 200)                              \
    OP(0x01, D1, "1", "1", VM_FMT_NONE, 200)                              \
    OP(0x02, D2, "2", "2", VM_FMT_NONE, 200)                              \
    OP(0x03, D3, "3", "3", VM_FMT_NONE, 200)                              \
    OP(0x04, D4, "4", "4", VM_FMT_NONE, 200)                              \
    OP(0x05, D5, "5", "5", VM_FMT_NONE, 200)                              \
    OP(0x06, D6, "6", "6", VM_FMT_NONE, 200)                              \
    OP(0x07, D7, "7", "7", VM_FMT_NONE, 200)                              \
    OP(0x08, D8, "8", "8", VM_FMT_NONE, 200)                              \
    OP(0x09, D9, "9", "9", VM_FMT_NONE, 200)                              \
    OP(0x0A, POINT, ",", ".", VM_FMT_NONE, 200)                           \
    OP(0x0B, CHS, "/-/", "CHS", VM_FMT_NONE, 200)                         \
    OP(0x0C, EEX, "ВП", "EE", VM_FMT_NONE, 200)                           \
    OP(0x0D, CX, "Сx", "CX", VM_FMT_NONE, 200)                            \
    OP(0x0E, ENTER, "В↑", "ENT", VM_FMT_NONE, 200)                        \
    OP(0x0F, LASTX, "FВx", "LASTX", VM_FMT_NONE, 200)                     \
    OP(0x10, ADD, "+", "+", VM_FMT_NONE, 200)                             \
    OP(0x11, SUB, "-", "-", VM_FMT_NONE, 200)                             \
    OP(0x12, MUL, "×", "*", VM_FMT_NONE, 250)                             \
    OP(0x13, DIV, "÷", "/", VM_FMT_NONE, 300)                             \
    OP(0x14, SWAP, "↔", "XY", VM_FMT_NONE, 200)                           \
    OP(0x15, EXP10, "F10ˣ", "10^X", VM_FMT_NONE, 1000)                   \
    OP(0x16, EXP, "Feˣ", "E^X", VM_FMT_NONE, 1000)                       \
    OP(0x17, LG, "Flg", "LG", VM_FMT_NONE, 1000)                          \
    OP(0x18, LN, "Fln", "LN", VM_FMT_NONE, 1000)                          \
    OP(0x19, ASIN, "Fsin⁻¹", "ASIN", VM_FMT_NONE, 1500)                   \
    OP(0x1A, ACOS, "Fcos⁻¹", "ACOS", VM_FMT_NONE, 1500)                   \
    OP(0x1B, ATAN, "Ftg⁻¹", "ATAN", VM_FMT_NONE, 1500)                    \
    OP(0x1C, SIN, "Fsin", "SIN", VM_FMT_NONE, 1000)                       \
    OP(0x1D, COS, "Fcos", "COS", VM_FMT_NONE, 1000)                       \
    OP(0x1E, TAN, "Ftg", "TAN", VM_FMT_NONE, 1000)                        \
    OP(0x20, PI, "Fπ", "PI", VM_FMT_NONE, 200)                            \
    OP(0x21, SQRT, "F√", "SQRT", VM_FMT_NONE, 600)                        \
    OP(0x22, SQ, "Fx²", "X^2", VM_FMT_NONE, 250)                          \
    OP(0x23, INV, "F1/x", "1/X", VM_FMT_NONE, 300)                        \
    OP(0x24, POW, "Fxʸ", "X^Y", VM_FMT_NONE, 3000)                        \
    OP(0x25, ROT, "F⟳", "ROT", VM_FMT_NONE, 200)                          \
    OP(0x26, DM2D, "К°′→°", "DM>D", VM_FMT_NONE, 500)                     \
    OP(0x2A, DMS2D, "К°′″→°", "DMS>D", VM_FMT_NONE, 500)                     \
    OP(0x30, D2DMS, "К°→°′″", "D>DMS", VM_FMT_NONE, 500)                    \
    OP(0x31, ABS, "К|x|", "ABS", VM_FMT_NONE, 200)                        \
    OP(0x32, SIGN, "КЗН", "SIGN", VM_FMT_NONE, 200)                       \
    OP(0x33, D2DM, "К°→°′", "D>DM", VM_FMT_NONE, 500)                    \
    OP(0x34, INT, "К[x]", "INT", VM_FMT_NONE, 200)                        \
    OP(0x35, FRAC, "К{x}", "FRAC", VM_FMT_NONE, 200)                      \
    OP(0x36, MAX, "Кmax", "MAX", VM_FMT_NONE, 200)                        \
    OP(0x37, AND, "К∧", "AND", VM_FMT_NONE, 300)                          \
    OP(0x38, OR, "К∨", "OR", VM_FMT_NONE, 300)                            \
    OP(0x39, XOR, "К⊕", "XOR", VM_FMT_NONE, 300)                          \
    OP(0x3A, NOT, "КИНВ", "NOT", VM_FMT_NONE, 300)                        \
    OP(0x3B, RAND, "КСЧ", "RND", VM_FMT_NONE, 300)                        \
    FAM(0x4, STO, "П", "M", VM_FMT_REG, 200)                              \
    OP(0x50, STOP, "С/П", "R/S", VM_FMT_NONE, 200)                        \
    OP(0x51, GOTO, "БП", "GOTO", VM_FMT_ADDR, 200)                        \
    OP(0x52, RTN, "В/О", "RTN", VM_FMT_NONE, 200)                         \
    OP(0x53, GSB, "ПП", "GSB", VM_FMT_ADDR, 200)                          \
    OP(0x54, NOP, "КНОП", "NOP", VM_FMT_NONE, 200)                        \
    OP(0x57, XNE0, "Fx≠0", "X!=0", VM_FMT_ADDR, 200)                      \
    OP(0x58, L2, "FL2", "L2", VM_FMT_ADDR, 200)                           \
    OP(0x59, XGE0, "Fx≥0", "X>=0", VM_FMT_ADDR, 200)                      \
    OP(0x5A, L3, "FL3", "L3", VM_FMT_ADDR, 200)                           \
    OP(0x5B, L1, "FL1", "L1", VM_FMT_ADDR, 200)                           \
    OP(0x5C, XLT0, "Fx<0", "X<0", VM_FMT_ADDR, 200)                       \
    OP(0x5D, L0, "FL0", "L0", VM_FMT_ADDR, 200)                           \
    OP(0x5E, XEQ0, "Fx=0", "X=0", VM_FMT_ADDR, 200)                       \
    FAM(0x6, RCL, "ИП", "RM", VM_FMT_REG, 200)                            \
    FAM(0x7, IXNE0, "Кx≠0", "KX!=0", VM_FMT_REG, 250)                     \
    FAM(0x8, IGOTO, "КБП", "KGOTO", VM_FMT_REG, 250)                      \
    FAM(0x9, IXGE0, "Кx≥0", "KX>=0", VM_FMT_REG, 250)                     \
    FAM(0xA, IGSB, "КПП", "KGSB", VM_FMT_REG, 250)                        \
    FAM(0xB, ISTO, "КП", "KM", VM_FMT_REG, 250)                           \
    FAM(0xC, IXLT0, "Кx<0", "KX<0", VM_FMT_REG, 250)                      \
    FAM(0xD, IRCL, "КИП", "KRM", VM_FMT_REG, 250)                         \
    FAM(0xE, IXEQ0, "Кx=0", "KX=0", VM_FMT_REG, 250)

typedef enum vm_format {
    VM_FMT_NONE, /* a single step */
    VM_FMT_ADDR, /* the next step holds a jump address */
    VM_FMT_REG   /* the low nibble of the code names a register 0..14 */
} vm_format;

/* The opcode enum: VM_OP_<name> for single codes, VM_OP_<name> as the first
 * code (register 0) of a register family. */
typedef enum vm_opcode {
#define VM_ENUM_OP(code, name, cyr, lat, fmt, ms) VM_OP_##name = code,
#define VM_ENUM_FAM(high, name, cyr, lat, fmt, ms) VM_OP_##name = (high) << 4,
    VM_ISA(VM_ENUM_OP, VM_ENUM_FAM)
#undef VM_ENUM_OP
#undef VM_ENUM_FAM
} vm_opcode;

#define VM_REGISTERS 15 /* registers 0..9, a..e */

/* What one documented code is. */
typedef struct vm_op_info {
    uint8_t code;
    uint8_t reg;          /* the register for VM_FMT_REG codes, else 0 */
    vm_format format;
    const char *cyrillic; /* key / listing name, UTF-8, without the register */
    const char *latin;    /* ASCII alias, without the register */
    unsigned ms;          /* approximate duration on the real machine */
} vm_op_info;

/* The description of a code, or NULL when the code is undocumented. */
const vm_op_info *vm_op(uint8_t code);

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
