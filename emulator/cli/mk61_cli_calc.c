/* mk61 calc: the calculator in the terminal, and mk61 keys. */
#include "mk61_cli.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static const char calc_usage[] =
    "Usage: mk61 calc [FILE] [--max-steps N]\n"
    "\n"
    "The MK-61 in the terminal: its display drawn in seven segments, the keys\n"
    "typed by name, a line at a time. FILE (assembler source or a .hex dump)\n"
    "is loaded into program memory first. Where there is no display, this is\n"
    "what the run command opens.\n"
    "\n"
    "  --max-steps N   a running program stops after N steps at a time\n"
    "                  (default 100000000; 0: no limit)\n"
    "\n"
    "Type keys separated by spaces, then Enter:\n"
    "  digits and numbers   12.5 types 1 2 , 5 (a comma works too)\n"
    "  + - * / x            the operations (x and * are ×)\n"
    "  ^  or  enter         В↑        cx   Сx        chs  /-/     ee  ВП\n"
    "  f  k                 the prefixes: f 7 is sin, k 7 is [x]\n"
    "  rs  rtn  gsb  goto   С/П  В/О  ПП (one step)  БП\n"
    "  rcl  sto             П→x  x→П (then a register: 0..9, a..e)\n"
    "  sst  bst             ШГ→  ШГ←\n"
    "Any key's name on the calculator works too (В↑, С/П, x→П, ...); 'mk61\n"
    "keys' lists them. F ВП (f ee) is programming mode, F /-/ (f chs) back.\n"
    "Commands: :regs  :list  :help  :quit (or end of input).\n"
    "\n"
    "Example: 2 enter 3 +   shows 5;   rtn rs   runs a loaded program.\n";

/* Segments a..g of each glyph, bit 0 = a (top) .. bit 6 = g (middle). */
static int segments(char g)
{
    switch (g) {
    case '0': return 0x3F;
    case '1': return 0x06;
    case '2': return 0x5B;
    case '3': return 0x4F;
    case '4': return 0x66;
    case '5': return 0x6D;
    case '6': return 0x7D;
    case '7': return 0x07;
    case '8': return 0x7F;
    case '9': return 0x6F;
    case '-': return 0x40;
    case 'L': return 0x38;
    case 'C': return 0x39;
    case 'G': return 0x31;
    case 'E': return 0x79;
    default: return 0;
    }
}

/* The display in three text rows of seven-segment digits. */
static void draw(const vm_machine *m)
{
    vm_display d;
    vm_display_get(m, &d);
    char row[3][VM_DISPLAY_CELLS * 4 + 1];
    for (int c = 0; c < VM_DISPLAY_CELLS; c++) {
        int s = d.dark ? 0 : segments(d.glyph[c]);
        char *r0 = row[0] + 4 * c, *r1 = row[1] + 4 * c, *r2 = row[2] + 4 * c;
        r0[0] = ' ', r0[1] = s & 1 ? '_' : ' ', r0[2] = ' ', r0[3] = ' ';
        r1[0] = s & 32 ? '|' : ' ', r1[1] = s & 64 ? '_' : ' ', r1[2] = s & 2 ? '|' : ' ';
        r1[3] = ' ';
        r2[0] = s & 16 ? '|' : ' ', r2[1] = s & 8 ? '_' : ' ', r2[2] = s & 4 ? '|' : ' ';
        r2[3] = d.point[c] && !d.dark ? '.' : ' ';
    }
    for (int r = 0; r < 3; r++) {
        row[r][VM_DISPLAY_CELLS * 4] = '\0';
        printf("  %s\n", row[r]);
    }
    printf("  %s%s  address %02d%s\n", m->mode == VM_MODE_PROG ? "ПРГ" : "АВТ",
           m->prefix == VM_PREFIX_F ? "  F" : m->prefix == VM_PREFIX_K ? "  K" : "   ", m->pc,
           m->pending != -1 ? "  (waiting for an operand)" : "");
}

/* The calculator's own shortcuts, then the key names of the table. */
static int key_of(const char *t)
{
    static const struct { const char *word; vm_key key; } words[] = {
        {"x", VM_KEY_MUL},     {"^", VM_KEY_ENTER},   {"enter", VM_KEY_ENTER},
        {"rs", VM_KEY_RS},     {"sto", VM_KEY_STO},   {"rcl", VM_KEY_RCL},
        {",", VM_KEY_POINT},   {"ee", VM_KEY_EEX},    {"f", VM_KEY_F},
        {"k", VM_KEY_K},       {"gsb", VM_KEY_GSB},   {"goto", VM_KEY_GOTO},
    };
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (strcmp(t, words[i].word) == 0)
            return words[i].key;
    return vm_key_find(t);
}

/* A token made of digits and at most one point or comma: its keys. */
static bool number_token(vm_machine *m, const char *t)
{
    int points = 0;
    for (const char *s = t; *s; s++) {
        if (*s == '.' || *s == ',')
            points++;
        else if (!isdigit((unsigned char)*s))
            return false;
    }
    if (points > 1 || strlen(t) < 2)
        return false; /* single characters are keys */
    for (const char *s = t; *s; s++)
        vm_press(m, *s == '.' || *s == ',' ? VM_KEY_POINT : (vm_key)vm_key_find((char[]){*s, 0}));
    return true;
}

int cli_calc(int argc, char **argv)
{
    const char *in = NULL;
    uint64_t max_steps = 100000000ull;
    for (int i = 2; i < argc; i++) {
        if (cli_is_help(argv[i])) {
            fputs(calc_usage, stdout);
            return CLI_OK;
        }
        if (strcmp(argv[i], "--max-steps") == 0 && i + 1 < argc) {
            if (!cli_parse_steps("mk61 calc", argv[++i], &max_steps))
                return CLI_USAGE;
        } else if (argv[i][0] != '-' && !in) {
            in = argv[i];
        } else {
            fprintf(stderr, "mk61 calc: unexpected '%s' (see 'mk61 calc --help')\n", argv[i]);
            return CLI_USAGE;
        }
    }
    static vm_program p;
    static vm_machine m;
    vm_program_init(&p, VM_PROFILE_MK61);
    if (in && !cli_load_program("mk61 calc", in, VM_PROFILE_MK61, &p))
        return CLI_FAIL;
    vm_load(&m, &p);
    static cli_runner run;
    run.max_steps = max_steps;
    run.map = &p;
    printf("Elektronika MK-61 (kalah61 %s). Type keys, ':help' for help, ':quit' to leave.\n",
           KALAH61_VERSION);
    if (in)
        printf("%s is loaded: %d steps, profile %s, starting at %02d.\n", in, p.length,
               vm_profile_get(p.profile)->name, p.start);
    char line[1024];
    for (;;) {
        draw(&m);
        printf("> ");
        fflush(stdout);
        if (!fgets(line, sizeof line, stdin)) {
            printf("\n");
            return CLI_OK;
        }
        if (!strchr(line, '\n') && !feof(stdin)) {
            /* Longer than the buffer: dropped whole, not split into two. */
            int c;
            while ((c = getchar()) != '\n' && c != EOF) {
            }
            printf("That line is too long (at most %zu characters): ignored.\n",
                   sizeof line - 2);
            continue;
        }
        for (char *t = strtok(line, " \t\r\n"); t; t = strtok(NULL, " \t\r\n")) {
            if (strcmp(t, ":quit") == 0 || strcmp(t, ":q") == 0)
                return CLI_OK;
            if (strcmp(t, ":help") == 0) {
                fputs(calc_usage, stdout);
                continue;
            }
            if (strcmp(t, ":regs") == 0) {
                cli_print_state(stdout, &m, &p);
                continue;
            }
            if (strcmp(t, ":list") == 0) {
                static char buf[1 << 16];
                memcpy(p.code, m.prog, sizeof p.code);
                p.length = m.steps;
                while (p.length > 0 && p.code[p.length - 1] == 0)
                    p.length--;
                asm_listing(&p, 0, buf, sizeof buf);
                fputs(buf, stdout);
                continue;
            }
            if (number_token(&m, t))
                continue;
            int key = key_of(t);
            if (key < 0) {
                printf("  '%s' is not a key (':help' lists them); the rest of the line is "
                       "skipped.\n", t);
                break;
            }
            vm_press(&m, (vm_key)key);
            if (m.running) {
                cli_run(&m, &run);
                if (m.halt != VM_HALT_STOP && m.halt != VM_HALT_NONE) {
                    char why[160];
                    printf("  %s\n", cli_halt_text(&m, why, sizeof why));
                }
            }
        }
    }
}

int cli_keys(int argc, char **argv)
{
    if (argc > 2 && cli_is_help(argv[2])) {
        printf("Usage: mk61 keys\n\nLists the 30 keys row by row: name, Latin alias, "
               "what F and K make of it.\n");
        return CLI_OK;
    }
    printf("row col  key\tlatin\tF\tK\tregister\n");
    for (int k = 0; k < VM_KEY_COUNT; k++) {
        const vm_key_info *i = vm_key_get((vm_key)k);
        printf("%3d %3d  %s\t%s\t%s\t%s\t%s\n", i->row, i->col, i->name, i->latin,
               i->f_label, i->k_label, i->reg >= 0 ? (char[]){vm_reg_name(i->reg), 0} : "");
    }
    return CLI_OK;
}
