/* mk61 calc: the calculator in the terminal, and mk61 keys. */
#include "mk61_cli.h"
#include "mk61_cli_search.h"
#include "vm_whole.h"
#include "xcheck.h"

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
    "Commands: :regs (the declared registers first)  :board  :list  :help\n"
    "          :tree (the calculator's latest search so far, node by node beside\n"
    "          the core's, when FILE declares its search; after an extra turn,\n"
    "          the search of its last move)\n"
    "          :quit or :q (or end of input).\n"
    "Ctrl-C stops a running program as С/П does (rs goes on); at the prompt,\n"
    "Ctrl-C twice in a row quits.\n"
    "\n"
    "When FILE declares a Kalah board (the .name registers P1..P6, PK, C1..C6,\n"
    "CK, STATE and LAST, as kalah.mk61 does), the board is drawn after\n"
    "every stop of the program, with the last moves and what the display\n"
    "means, and each stop is cross-checked against the reference core, as in\n"
    "the window.\n"
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

/* ---- the Kalah board ------------------------------------------------------ */

/* The game as the terminal shows it: the cross-check's watcher (whose
 * machine, w.m, is the calculator) and what its last stop meant. */
typedef struct calc_game {
    xcheck w;
    xcheck_tree tree;    /* the program's search, when it declares one */
    bool search;
    bool board;          /* the program declares the board */
    bool open;           /* a watched run is under way (a budget may hold it) */
    bool seen;           /* a run of the program has stopped since loading */
    bool halted;         /* the last run ended in ЕГГОГ */
    int kind;            /* the last checked stop's XCHECK_RUN_* */
    bool ok, refused;
    int person;          /* the person's pit played, 0 none */
    int moves[64], n;    /* the calculator's moves (the core's numbering) */
} calc_game;

/* One row of pits: "   4    4   [0]   5 ", a pit played in brackets. */
static void pit_row(const int *count, const bool *played)
{
    printf("       ");
    for (int i = 0; i < XCHECK_PITS; i++) {
        if (count[i] < 0)
            printf(played[i] ? "  [?]" : "    ?");
        else
            printf(played[i] ? " [%2d]" : "  %2d ", count[i]);
    }
    printf("\n");
}

/* What the program's last stop means (programs/kalah.md, "The display"). */
static void state_line(const calc_game *g)
{
    const xcheck *w = &g->w;
    if (g->halted) {
        char why[160];
        xcheck_halt_text(&w->m, why, sizeof why);
        printf("  The calculator halted: %s.\n", why);
    } else if (!w->game_on && w->start_refused)
        printf("  The start-up was refused (-2): it plays 1..6 stones a pit (0: 6), depth "
               "1..3 (0: 2), 1 (you first) or 0.\n");
    else if (!w->game_on)
        printf("  No game: key  n enter d enter w rtn rs.\n");
    else if (xcheck_over(w)) {
        kalah_pos p = xcheck_read(w);
        int ps = w->person_first ? KALAH_SOUTH : KALAH_NORTH, a = p.store[ps],
            b = p.store[ps ^ 1];
        printf("  Game over (8, then its margin): you %d, the calculator %d: %s.\n", a, b,
               a > b ? "you win" : a < b ? "the calculator wins" : "a draw");
    } else if (g->refused)
        printf("  Refused (-1): key one of your pits with stones, 1..6, and rs.\n");
    else if (g->kind == XCHECK_RUN_MOVE && g->n == 0)
        printf("  Extra turn (0): your move again, a pit 1..6 and rs.\n");
    else if (g->n == 0)
        printf("  A new game (9, stones, depth): your move, a pit 1..6 (from your left) and "
               "rs.\n");
    else
        printf("  It played (its pits from your left, as the display shows them): your move, "
               "a pit 1..6 and rs.\n");
}

/* The board the program holds, the calculator's row on top from the
 * person's left (C1..C6, as the program numbers it), its store on the
 * left and the person's on the right, as the window draws it. */
static void draw_board(const calc_game *g)
{
    const xcheck_layout *l = &g->w.lay;
    const vm_machine *m = &g->w.m;
    if (!g->w.game_on) {
        /* No game: the registers hold no board worth drawing. */
        state_line(g);
        if (!g->ok)
            printf("  The cross-check found a difference:\n%s", g->w.report);
        return;
    }
    int top[XCHECK_PITS], bottom[XCHECK_PITS];
    bool top_played[XCHECK_PITS] = {false}, bottom_played[XCHECK_PITS] = {false};
    for (int k = 1; k <= XCHECK_PITS; k++) {
        /* C k is the calculator's own pit 7 - k (xcheck_calc_seen). */
        top[k - 1] = xcheck_count(m, l->calc[xcheck_calc_seen(k) - 1]);
        bottom[k - 1] = xcheck_count(m, l->person[k - 1]);
    }
    if (g->person >= 1 && g->person <= XCHECK_PITS)
        bottom_played[g->person - 1] = true;
    for (int k = 0; k < g->n; k++)
        top_played[xcheck_calc_seen(g->moves[k]) - 1] = true;
    char cs[32], ps[32];
    vm_num_format_value(m->reg[l->calc_store], cs, sizeof cs);
    vm_num_format_value(m->reg[l->person_store], ps, sizeof ps);
    printf("\n        C1   C2   C3   C4   C5   C6\n");
    pit_row(top, top_played);
    printf("  CK %3s                              %-3s PK\n", cs, ps);
    pit_row(bottom, bottom_played);
    printf("        P1   P2   P3   P4   P5   P6\n");
    if (g->person || g->n) {
        printf("  Last moves:");
        if (g->person)
            printf(" you P%d%s", g->person, g->n ? ";" : "");
        if (g->n) {
            printf(" the calculator");
            for (int k = 0; k < g->n; k++)
                printf(" C%d", xcheck_calc_seen(g->moves[k]));
        }
        printf("\n");
    }
    /* The game in the core's notation, for kalah show and kalah analyze. */
    int need = xcheck_game_line(&g->w, NULL, 0);
    char *line = malloc((size_t)need + 1);
    if (line) {
        xcheck_game_line(&g->w, line, (size_t)need + 1);
        printf("  %s\n", line);
        free(line);
    }
    state_line(g);
    if (!g->ok)
        printf("  The cross-check found a difference:\n%s", g->w.report);
}

/* A run of the program starts from a stop (the watcher takes what was
 * keyed). */
static void run_starts(calc_game *g)
{
    if (!g->board || g->open)
        return;
    xcheck_watch_run(&g->w);
    g->open = true;
}

/* The run came back: when it stopped (not held by the budget), the stop is
 * checked and the board drawn. */
static void run_ends(calc_game *g)
{
    if (!g->board || !g->open || g->w.m.halt == VM_HALT_BUDGET)
        return;
    g->open = false;
    long refusals = g->w.refusals;
    vm_num input = g->w.input[0];
    int moves[64], n;
    bool ok;
    int kind = xcheck_watch_stop(&g->w, &ok, moves, &n);
    g->seen = true;
    g->halted = g->w.m.halt != VM_HALT_STOP;
    if (kind != XCHECK_RUN_NONE) {
        g->kind = kind;
        g->ok = ok;
        g->refused = kind == XCHECK_RUN_MOVE && g->w.refusals > refusals;
        g->person = kind == XCHECK_RUN_MOVE && !g->refused && ok && !g->halted
                        ? vm_whole_in(input, 1, XCHECK_PITS, 0)
                        : 0;
        g->n = n;
        memcpy(g->moves, moves, sizeof(int) * (size_t)n);
    }
    draw_board(g);
}

/* :regs: the registers the program declares, by name, then everything. */
static void print_regs(const vm_machine *m, const vm_decl *d)
{
    bool any = false;
    for (int r = 0; r < m->regs; r++) {
        if (!d->reg_name[r][0])
            continue;
        if (!any)
            printf("declared registers:\n");
        any = true;
        char v[32], rt[4];
        vm_num_format_value(m->reg[r], v, sizeof v);
        printf("  %-8s R%-4s %s\n", d->reg_name[r], vm_reg_text(r, rt), v);
    }
    if (any)
        printf("the machine:\n");
    cli_print_state(stdout, m, d);
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

/* Every step of a run, for :tree. */
static void follow(void *ctx, const vm_machine *m)
{
    xcheck_tree_step(ctx, m);
}

/* Reads lines of keys and commands until :quit or the end of input. */
static int calc_loop(calc_game *g, const vm_program *p, const vm_decl *d, cli_runner *run)
{
    vm_machine *m = &g->w.m;
    char line[1024];
    int interrupts = 0; /* Ctrl-C at the prompt, in a row */
    for (;;) {
        draw(m);
        printf("> ");
        fflush(stdout);
        bool got_line = !cli_interrupted && fgets(line, sizeof line, stdin);
        if (!got_line && cli_interrupted) {
            /* Ctrl-C at the prompt (read() interrupted: no SA_RESTART). */
            cli_interrupted = 0;
            clearerr(stdin);
            if (++interrupts == 2) {
                printf("\n");
                return CLI_OK;
            }
            printf("\n  Ctrl-C stops a running program; at the prompt, Ctrl-C again or :q "
                   "quits.\n");
            continue;
        }
        interrupts = 0;
        if (!got_line) {
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
                cli_help_print(stdout, calc_usage, NULL);
                continue;
            }
            if (strcmp(t, ":regs") == 0) {
                print_regs(m, d);
                continue;
            }
            if (strcmp(t, ":board") == 0) {
                if (g->board)
                    draw_board(g);
                else
                    printf("  The program declares no Kalah board: %s", g->w.report);
                continue;
            }
            if (strcmp(t, ":tree") == 0) {
                if (!g->search)
                    printf("  The program declares no search (.search).\n");
                else if (g->tree.searches == 0)
                    printf("  No search yet: the calculator has not searched.\n");
                else
                    search_print_tree(&g->tree, g->w.person_first, m);
                continue;
            }
            if (strcmp(t, ":list") == 0) {
                /* The program memory as it is now, with the program's
                 * declarations. */
                vm_program shown = *p;
                memcpy(shown.code, m->prog, sizeof shown.code);
                shown.length = m->steps;
                while (shown.length > 0 && shown.code[shown.length - 1] == 0)
                    shown.length--;
                int need = asm_listing(&shown, d, 0, NULL, 0);
                char *buf = malloc((size_t)need + 1);
                if (buf) {
                    asm_listing(&shown, d, 0, buf, (size_t)need + 1);
                    fputs(buf, stdout);
                }
                free(buf);
                continue;
            }
            if (number_token(m, t))
                continue;
            int key = key_of(t);
            if (key < 0) {
                printf("  '%s' is not a key (':help' lists them); the rest of the line is "
                       "skipped.\n", t);
                break;
            }
            vm_press(m, (vm_key)key);
            if (m->running) {
                run_starts(g);
                cli_run(m, run);
                if (run->interrupted) {
                    /* Ready, not halted; a watched run stays open (rs goes on
                     * with it), unchecked: it did not come to a stop. */
                    cli_interrupted = 0;
                    m->halt = VM_HALT_NONE;
                    printf("  Stopped by Ctrl-C at address %02d, as С/П stops it; rs goes "
                           "on. The rest of the line is skipped.\n", m->pc);
                    break;
                }
                if (m->halt != VM_HALT_STOP && m->halt != VM_HALT_NONE) {
                    char why[160];
                    printf("  %s\n", cli_halt_text(m, why, sizeof why));
                }
                run_ends(g);
            }
        }
    }
}

int cli_calc(int argc, char **argv)
{
    const char *in = NULL;
    uint64_t max_steps = 100000000ull;
    static const struct option opts[] = {CLI_OPT("max-steps"), {0}};
    cli_args a;
    cli_args_init(&a, "mk61 calc", argc, argv, 2, opts, "");
    cli_usage(&a, calc_usage, NULL);
    while (cli_next(&a) > 0)
        if (!cli_steps_opt(&a, &max_steps) && !cli_first_arg(&a, &in))
            cli_unknown(&a);
    if (a.rc != CLI_GO)
        return a.rc;
    vm_program p;
    vm_decl d;
    static calc_game g;
    vm_program_init(&p, VM_PROFILE_MK61);
    vm_decl_init(&d);
    if (in && !cli_load_program("mk61 calc", in, VM_PROFILE_MK61, &p, &d))
        return CLI_FAIL;
    vm_load(&g.w.m, &p);
    g.ok = true;
    g.board = xcheck_watch_init(&g.w, &p, &d);
    static cli_runner run;
    run.max_steps = max_steps;
    run.map = &d;
    run.stop = &cli_interrupted;
    /* Ctrl-C stops a running program as С/П stops it; at the prompt, twice
     * in a row quits. */
    cli_sigint_install(true);
    char why[160];
    g.search = g.board && xcheck_tree_init(&g.tree, &p, &d, why, sizeof why);
    if (g.search) {
        run.watch = follow;
        run.watch_ctx = &g.tree;
    }
    printf("Elektronika MK-61 (kalah61 %s). Type keys, ':help' for help, ':quit' to leave.\n",
           KALAH61_VERSION);
    if (in)
        printf("%s is loaded: %d steps, profile %s, starting at %02d.\n", in, p.length,
               vm_profile_get(p.profile)->name, p.start);
    if (g.board)
        printf("It declares a Kalah board: drawn after every stop (:board draws it now).\n"
               "A new game: n enter d enter w rtn rs (stones, depth, 1: you first).\n");
    int rc = calc_loop(&g, &p, &d, &run);
    xcheck_free(&g.w);
    xcheck_tree_free(&g.tree);
    return rc;
}

int cli_keys(int argc, char **argv)
{
    int rc;
    if (!cli_no_options("mk61 keys", argc, argv,
                        "Usage: mk61 keys\n\nLists the 30 keys row by row: name, Latin "
                        "alias, what F and K make of it.\n",
                        &rc))
        return rc;
    printf("row col  key\tlatin\tF\tK\tregister\n");
    for (int k = 0; k < VM_KEY_COUNT; k++) {
        const vm_key_info *i = vm_key_get((vm_key)k);
        printf("%3d %3d  %s\t%s\t%s\t%s\t%s\n", i->row, i->col, i->name, i->latin,
               i->f_label, i->k_label, i->reg >= 0 ? (char[]){vm_reg_name(i->reg), 0} : "");
    }
    return CLI_OK;
}
