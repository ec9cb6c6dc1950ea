/* mk61 run and mk61 bench. */
#include "mk61_cli.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#define RUN_DEFAULT_STEPS 100000000ull

static const char run_usage[] =
    "Usage: mk61 run FILE [--keys \"KEYS\"] [--max-steps N] [--trace] [--json]\n"
    "                [--break ADDR]... [--watch R]... [--profile P]\n"
    "                [--angle rad|grd|deg] [--strict]\n"
    "\n"
    "Loads a program (assembler source, or a hex dump ending in .hex), presses\n"
    "KEYS, runs until the machine waits for the user, and prints the display,\n"
    "the stack and the registers.\n"
    "\n"
    "  --keys \"KEYS\"   keys by name, separated by spaces, as a person presses\n"
    "                  them: \"В/О С/П 3 С/П\" or \"RTN R/S 3 R/S\"; a С/П that\n"
    "                  starts the program runs it before the next key. Without\n"
    "                  --keys the program runs from its start (С/П).\n"
    "                  'mk61 keys' lists the names.\n"
    "  --max-steps N   stop a run after N steps (default 100000000; 0: none)\n"
    "  --trace         print every step executed: address, codes, instruction,\n"
    "                  X and Y after it\n"
    "  --json          print the final state as one JSON object\n"
    "  --break ADDR    stop before executing the step at ADDR (a number or a\n"
    "                  label of the source); may be given again\n"
    "  --watch R       stop after a step that changes register R (0..9, a..e,\n"
    "                  or a number); may be given again\n"
    "  --profile P     the profile of a hex dump: mk61 (default) or mk61x\n"
    "  --angle A       the Р/ГРД/Г switch: rad (default), grd (grads) or deg\n"
    "  --strict        stop at the first step that the real machine carries out\n"
    "                  without a word but that is usually a bug in a program: a\n"
    "                  sixth nested ПП (the return stack wraps), an indirect\n"
    "                  pointer outside 0..14, a run or jump past step 104, hex\n"
    "                  digits in X, an X out of range; say what and where\n"
    "\n"
    "Exit code 0 when the program stopped or waits; 1 on ЕГГОГ, another halt,\n"
    "a --strict stop or an exhausted step budget (the state is printed all the\n"
    "same).\n";

/* An address: decimal, or a label of the program's source map. */
static int parse_address(const vm_program *p, const vm_decl *d, const char *text)
{
    char *end;
    long a = strtol(text, &end, 10);
    if (*text && !*end)
        return a >= 0 && a < vm_profile_get(p->profile)->steps ? (int)a : -1;
    for (int i = 0; i < VM_MAX_STEPS; i++)
        if (strcmp(d->label[i], text) == 0)
            return i;
    return -1;
}

/* A register: 0..9, a..e, or a decimal number. */
static int parse_register(const char *text)
{
    if (text[0] && !text[1]) {
        if (text[0] >= '0' && text[0] <= '9')
            return text[0] - '0';
        if (text[0] >= 'a' && text[0] <= 'e')
            return 10 + text[0] - 'a';
    }
    char *end;
    long r = strtol(text, &end, 10);
    return *text && !*end && r >= 0 && r < VM_MAX_REGS ? (int)r : -1;
}

int cli_run_cmd(int argc, char **argv)
{
    const char *in = NULL, *keys = NULL, *breaks[VM_MAX_STEPS], *watches[VM_WATCH_MAX];
    int nbreaks = 0, nwatches = 0;
    bool trace = false, json = false, strict = false;
    int angle = -1;
    uint64_t max_steps = RUN_DEFAULT_STEPS;
    vm_profile_id profile = VM_PROFILE_MK61;
    static const struct option opts[] = {
        CLI_OPT("keys"),   CLI_OPT("max-steps"), CLI_OPT("break"), CLI_OPT("watch"),
        CLI_FLAG("trace"), CLI_FLAG("json"),     CLI_FLAG("strict"), CLI_OPT("angle"),
        CLI_OPT("profile"), {0}};
    cli_args a;
    cli_args_init(&a, "mk61 run", argc, argv, 2, opts, "");
    cli_usage(&a, run_usage, NULL);
    const char *v;
    while (cli_next(&a) > 0) {
        if (cli_got(&a, "--break", &v) && nbreaks < VM_MAX_STEPS) {
            breaks[nbreaks++] = v;
        } else if (cli_got(&a, "--watch", &v)) {
            if (nwatches == VM_WATCH_MAX) {
                fprintf(stderr, "mk61 run: at most %d --watch\n", VM_WATCH_MAX);
                cli_bad(&a);
            } else {
                watches[nwatches++] = v;
            }
        } else if (cli_flag(&a, "--trace")) {
            trace = true;
        } else if (cli_flag(&a, "--json")) {
            json = true;
        } else if (cli_flag(&a, "--strict")) {
            strict = true;
        } else if (!cli_got(&a, "--keys", &keys) && !cli_steps_opt(&a, &max_steps) &&
                   !cli_angle_opt(&a, &angle) && !cli_profile_opt(&a, &profile) &&
                   !cli_first_arg(&a, &in)) {
            cli_unknown(&a);
        }
    }
    int rc = cli_end(&a, "file", in);
    if (rc != CLI_GO)
        return rc;
    vm_program p;
    vm_decl d;
    static vm_machine m;
    if (!cli_load_program("mk61 run", in, profile, &p, &d))
        return CLI_FAIL;
    if (angle >= 0)
        m.angle = (vm_angle)angle;
    vm_load(&m, &p);
    static cli_runner run;
    run.max_steps = max_steps;
    run.map = &d;
    run.trace = trace ? stdout : NULL;
    vm_stepper_init(&run.stepper);
    run.stepper.strict = run.stepping = strict;
    for (int k = 0; k < nbreaks; k++) {
        int a = parse_address(&p, &d, breaks[k]);
        if (a < 0) {
            fprintf(stderr, "mk61 run: --break %s: no such address or label\n", breaks[k]);
            return CLI_USAGE;
        }
        run.stepper.breakpoint[a] = run.stepping = true;
    }
    for (int k = 0; k < nwatches; k++) {
        int r = parse_register(watches[k]);
        if (r < 0 || !vm_stepper_watch(&run.stepper, &m, r)) {
            fprintf(stderr, "mk61 run: --watch %s: no such register\n", watches[k]);
            return CLI_USAGE;
        }
        run.stepping = true;
    }
    if (keys) {
        if (!cli_press_keys("mk61 run", &m, keys, &run))
            return CLI_USAGE;
    } else {
        vm_press(&m, VM_KEY_RS);
        cli_run(&m, &run);
    }
    if (run.last == VM_STOP_BREAK)
        printf("breakpoint before address %02d\n", m.pc);
    else if (run.last == VM_STOP_WATCH)
        printf("register %d changed\n", run.stepper.watch_reg[run.stepper.watch_hit]);
    else if (run.last == VM_STOP_WARN) {
        char why[160];
        printf("--strict: %s\n", vm_warn_text(&m, why, sizeof why));
    }
    if (json)
        cli_print_json(stdout, &m);
    else
        cli_print_state(stdout, &m, &d);
    if (run.last == VM_STOP_WARN)
        return CLI_FAIL;
    return m.halt == VM_HALT_NONE || m.halt == VM_HALT_STOP ? CLI_OK : CLI_FAIL;
}

/* ---- bench ---------------------------------------------------------------- */

static const struct {
    const char *name;
    const char *source;
} bench_programs[] = {
    {"register loop (ИП ИП + П FL0)",
     ".reg 0 5000000\n.reg 2 1\nloop: ИП1\nИП2\n+\nП1\nFL0 loop\nС/П\n"},
    {"countdown with digits and a condition",
     ".reg 4 4000000\nloop: ИП4\n1\n-\nП4\nFx=0 loop\nС/П\n"},
    {"subroutine calls",
     ".reg 0 3000000\nloop: ПП sub\nFL0 loop\nС/П\nsub: ИП1\n1\n+\nП1\nВ/О\n"},
    {"indirect recall and store",
     ".reg 0 3000000\n.reg 7 5\n.reg 5 2\n.reg 8 9\nloop: КИП 7\nКП 8\nFL0 loop\nС/П\n"},
};

int cli_bench(int argc, char **argv)
{
    int rc;
    if (!cli_no_options("mk61 bench", argc, argv,
                        "Usage: mk61 bench\n\n"
                        "Runs a set of tight loops (registers, arithmetic, digits, jumps,\n"
                        "subroutines, indirect addressing) as fast as the emulator can and\n"
                        "prints instructions per second for each and in all. A real MK-61\n"
                        "does about 5 a second.\n",
                        &rc))
        return rc;
    double total_time = 0;
    uint64_t total = 0;
    /* The names' column as wide as the widest, counted in characters: the
     * names are partly Cyrillic, two bytes a letter. */
    int name_w = cli_display_width("program");
    for (size_t k = 0; k < sizeof bench_programs / sizeof bench_programs[0]; k++)
        if (cli_display_width(bench_programs[k].name) > name_w)
            name_w = cli_display_width(bench_programs[k].name);
    cli_put_padded(stdout, "program", name_w);
    printf(" %12s %9s %14s\n", "instructions", "seconds", "per second");
    for (size_t k = 0; k < sizeof bench_programs / sizeof bench_programs[0]; k++) {
        vm_program p;
        static vm_machine m;
        asm_errors errs;
        if (!asm_assemble(bench_programs[k].source, bench_programs[k].name, &p, NULL, &errs)) {
            cli_print_errors(bench_programs[k].source, &errs);
            return CLI_FAIL;
        }
        vm_load(&m, &p);
        vm_press(&m, VM_KEY_RS);
        double t0 = kalah_now();
        vm_halt h = vm_run(&m, 0);
        double t = kalah_now() - t0;
        if (h != VM_HALT_STOP) {
            char why[160];
            fprintf(stderr, "mk61 bench: %s did not end well: %s\n", bench_programs[k].name,
                    cli_halt_text(&m, why, sizeof why));
            return CLI_FAIL;
        }
        cli_put_padded(stdout, bench_programs[k].name, name_w);
        printf(" %12llu %9.3f %14.0f\n", (unsigned long long)m.executed, t,
               t > 0 ? m.executed / t : 0.0);
        fflush(stdout);
        total += m.executed;
        total_time += t;
    }
    cli_put_padded(stdout, "all", name_w);
    printf(" %12llu %9.3f %14.0f\n", (unsigned long long)total, total_time,
           total_time > 0 ? total / total_time : 0.0);
    return CLI_OK;
}
