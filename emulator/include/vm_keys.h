/*
 * vm_keys.h: the MK-61's keypad and display (prefix vm_).
 *
 * The 30 keys are defined once, in VM_KEYS below, with what each does alone
 * and after F and after K (the codes of vm_isa.h), their names and where they
 * sit; the SDL keypad, the terminal calculator and `mk61 run --keys` all read
 * this table. Pressing a key does what the real calculator does: number
 * entry, F and K prefixes, П→x / x→П waiting for a register key, БП waiting
 * for an address, programming mode (F ПРГ) storing codes, ШГ→ / ШГ←, and in
 * automatic mode В/О, БП nn, С/П (run or stop) and ПП (one step).
 *
 * The display is modelled as the real one: 12 positions (mantissa sign, 8
 * digits, exponent sign, 2 digits), each with a decimal point.
 */
#ifndef VM_KEYS_H
#define VM_KEYS_H

#include "vm.h"

/* Special actions that are not opcodes. */
enum {
    VM_ACT_NONE = -1,
    VM_ACT_AUTO = -2,   /* F АВТ: automatic mode */
    VM_ACT_PROG = -3,   /* F ПРГ: programming mode */
    VM_ACT_CF = -4,     /* F CF: cancel the prefix */
    VM_ACT_SST = -5,    /* ШГ→ */
    VM_ACT_BST = -6,    /* ШГ← */
    VM_ACT_RTN = -7,    /* В/О */
    VM_ACT_RS = -8,     /* С/П */
    VM_ACT_GSB = -9,    /* ПП */
    VM_ACT_GOTO = -10,  /* БП */
    VM_ACT_RCL = -11,   /* П→x */
    VM_ACT_STO = -12,   /* x→П */
    VM_ACT_F = -13,     /* the F prefix */
    VM_ACT_K = -14      /* the K prefix */
};

/* The codes K 1, K 2, K −, K × and K ÷ make: undocumented (not in
 * vm_isa.h's list): programming mode stores them, automatic mode ignores
 * them, and a program halts on them. */
enum {
    VM_CODE_K1 = 0x55,
    VM_CODE_K2 = 0x56,
    VM_CODE_KSUB = 0x27,
    VM_CODE_KMUL = 0x28,
    VM_CODE_KDIV = 0x29
};

/* KEY(id, name, latin, row, col, alone, with_f, with_k, f_label, k_label, reg)
 * alone / with_f / with_k: an opcode (VM_OP_, or a VM_CODE_ above), or a
 * VM_ACT_ action; for a register family (П→x, K П→x, ...) the code for
 * register 0. reg: the digit the key stands for after П→x or x→П (a
 * register) and after БП (an address digit): the digits, + − × ÷ ↔ for
 * 0..4 and , /-/ ВП Сx В↑ for a..e (10..14), as the real keyboard's wiring
 * has it (measured); -1 for the keys of the top two rows. Rows and columns
 * count from 0 at the top left. */
#define VM_KEYS(KEY)                                                                                \
    KEY(F,     "F",   "F",    0,  0, VM_ACT_F,    VM_ACT_NONE, VM_ACT_NONE,  "",      "",      -1)  \
    KEY(SST,   "ШГ→", "SST",  0,  1, VM_ACT_SST,  VM_OP_XLT0,  VM_OP_IXLT0,  "x<0",   "x<0",   -1)  \
    KEY(BST,   "ШГ←", "BST",  0,  2, VM_ACT_BST,  VM_OP_XEQ0,  VM_OP_IXEQ0,  "x=0",   "x=0",   -1)  \
    KEY(RTN,   "В/О", "RTN",  0,  3, VM_ACT_RTN,  VM_OP_XGE0,  VM_OP_IXGE0,  "x≥0",   "x≥0",   -1)  \
    KEY(RS,    "С/П", "R/S",  0,  4, VM_ACT_RS,   VM_OP_XNE0,  VM_OP_IXNE0,  "x≠0",   "x≠0",   -1)  \
    KEY(K,     "К",   "K",    1,  0, VM_ACT_K,    VM_ACT_NONE, VM_ACT_NONE,  "",      "",      -1)  \
    KEY(RCL,   "П→x", "RCL",  1,  1, VM_ACT_RCL,  VM_OP_L0,    VM_OP_IRCL,   "L0",    "",      -1)  \
    KEY(STO,   "x→П", "STO",  1,  2, VM_ACT_STO,  VM_OP_L1,    VM_OP_ISTO,   "L1",    "",      -1)  \
    KEY(GOTO,  "БП",  "GOTO", 1,  3, VM_ACT_GOTO, VM_OP_L2,    VM_OP_IGOTO,  "L2",    "",      -1)  \
    KEY(GSB,   "ПП",  "GSB",  1,  4, VM_ACT_GSB,  VM_OP_L3,    VM_OP_IGSB,   "L3",    "",      -1)  \
    KEY(D7,    "7",   "7",    2,  0, VM_OP_D7,    VM_OP_SIN,   VM_OP_INT,    "sin",   "[x]",   7)   \
    KEY(D8,    "8",   "8",    2,  1, VM_OP_D8,    VM_OP_COS,   VM_OP_FRAC,   "cos",   "{x}",   8)   \
    KEY(D9,    "9",   "9",    2,  2, VM_OP_D9,    VM_OP_TAN,   VM_OP_MAX,    "tg",    "max",   9)   \
    KEY(SUB,   "-",   "-",    2,  3, VM_OP_SUB,   VM_OP_SQRT,  VM_CODE_KSUB, "√",     "",      1)   \
    KEY(DIV,   "÷",   "/",    2,  4, VM_OP_DIV,   VM_OP_INV,   VM_CODE_KDIV, "1/x",   "",      3)   \
    KEY(D4,    "4",   "4",    3,  0, VM_OP_D4,    VM_OP_ASIN,  VM_OP_ABS,    "sin⁻¹", "|x|",   4)   \
    KEY(D5,    "5",   "5",    3,  1, VM_OP_D5,    VM_OP_ACOS,  VM_OP_SIGN,   "cos⁻¹", "ЗН",    5)   \
    KEY(D6,    "6",   "6",    3,  2, VM_OP_D6,    VM_OP_ATAN,  VM_OP_D2DM,   "tg⁻¹",  "°→°′",  6)   \
    KEY(ADD,   "+",   "+",    3,  3, VM_OP_ADD,   VM_OP_PI,    VM_OP_DM2D,   "π",     "°′→°",  0)   \
    KEY(MUL,   "×",   "*",    3,  4, VM_OP_MUL,   VM_OP_SQ,    VM_CODE_KMUL, "x²",    "",      2)   \
    KEY(D1,    "1",   "1",    4,  0, VM_OP_D1,    VM_OP_EXP,   VM_CODE_K1,   "eˣ",    "",      1)   \
    KEY(D2,    "2",   "2",    4,  1, VM_OP_D2,    VM_OP_LG,    VM_CODE_K2,   "lg",    "",      2)   \
    KEY(D3,    "3",   "3",    4,  2, VM_OP_D3,    VM_OP_LN,    VM_OP_D2DMS,  "ln",    "°→°′″", 3)   \
    KEY(SWAP,  "↔",   "XY",   4,  3, VM_OP_SWAP,  VM_OP_POW,   VM_OP_DMS2D,  "xʸ",    "°′″→°", 4)   \
    KEY(ENTER, "В↑",  "ENT",  4,  4, VM_OP_ENTER, VM_OP_LASTX, VM_OP_RAND,   "Вx",    "СЧ",    14)  \
    KEY(D0,    "0",   "0",    5,  0, VM_OP_D0,    VM_OP_EXP10, VM_OP_NOP,    "10ˣ",   "НОП",   0)   \
    KEY(POINT, ",",   ".",    5,  1, VM_OP_POINT, VM_OP_ROT,   VM_OP_AND,    "⟳",     "∧",     10)  \
    KEY(CHS,   "/-/", "CHS",  5,  2, VM_OP_CHS,   VM_ACT_AUTO, VM_OP_OR,     "АВТ",   "∨",     11)  \
    KEY(EEX,   "ВП",  "EE",   5,  3, VM_OP_EEX,   VM_ACT_PROG, VM_OP_XOR,    "ПРГ",   "⊕",     12)  \
    KEY(CX,    "Сx",  "CX",   5,  4, VM_OP_CX,    VM_ACT_CF,   VM_OP_NOT,    "CF",    "ИНВ",   13)

typedef enum vm_key {
#define VM_KEY_ENUM(id, ...) VM_KEY_##id,
    VM_KEYS(VM_KEY_ENUM)
#undef VM_KEY_ENUM
    VM_KEY_COUNT
} vm_key;

typedef struct vm_key_info {
    const char *name, *latin;
    int row, col;
    int alone, with_f, with_k;
    const char *f_label, *k_label;
    int reg;
} vm_key_info;

const vm_key_info *vm_key_get(vm_key key);

/* A key by name: its Cyrillic name, its Latin alias (any case), the register
 * letters a..e and А В С Д Е for the keys that name them; -1 if none. */
int vm_key_find(const char *name);

/* Reads a sequence of key names separated by blanks (spaces, tabs,
 * newlines), one a call: 1 with the next key in *key and *text moved past
 * its name, 0 at the end, -1 when the next word names no key (*text then
 * points at that word, *len is its length, for the message). */
int vm_key_next(const char **text, int *key, size_t *len);

/* Presses a key. While the machine runs (after С/П) only С/П does anything:
 * it stops the program. The caller runs a started program with vm_run. */
void vm_press(vm_machine *m, vm_key key);

/* ---- the display -------------------------------------------------------- */

#define VM_DISPLAY_CELLS 12

/* glyph: '0'..'9', '-', ' ', and for ЕГГОГ and the hex digits of
 * programming mode 'L', 'C', 'G' (Г), 'E'. */
typedef struct vm_display {
    char glyph[VM_DISPLAY_CELLS];
    bool point[VM_DISPLAY_CELLS];
    bool dark; /* a program is running: the real display goes blank */
} vm_display;

void vm_display_get(const vm_machine *m, vm_display *d);

/* The display as it would be if a running program stopped now (it shows X
 * then): what a debugger paused in a run shows. */
void vm_display_stopped(const vm_machine *m, vm_display *d);

/* The display as UTF-8 text, one cell a character ('G' as Г), points as
 * '.' after their cell: "-1.5      -03". Returns the length. */
int vm_display_text(const vm_display *d, char *buf, size_t size);

#endif
