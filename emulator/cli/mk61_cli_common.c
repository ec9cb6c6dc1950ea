/* Files, errors, keys and the printed state, shared by the mk61 commands. */
#include "mk61_cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

char *cli_read_file(const char *cmd, const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "%s: cannot open %s: %s\n", cmd, path, strerror(errno));
        return NULL;
    }
    char *buf = malloc(CLI_FILE_MAX + 1);
    size_t n = buf ? fread(buf, 1, CLI_FILE_MAX + 1, f) : 0;
    bool bad = ferror(f);
    fclose(f);
    if (!buf || bad) {
        fprintf(stderr, "%s: cannot read %s%s\n", cmd, path, buf ? "" : ": out of memory");
        free(buf);
        return NULL;
    }
    if (n > CLI_FILE_MAX) {
        fprintf(stderr, "%s: %s is larger than %d bytes: not a program\n", cmd, path,
                CLI_FILE_MAX);
        free(buf);
        return NULL;
    }
    if (memchr(buf, '\0', n)) {
        fprintf(stderr, "%s: %s holds a NUL byte: not a text file\n", cmd, path);
        free(buf);
        return NULL;
    }
    buf[n] = '\0';
    return buf;
}

/* Line `line` (1-based) of text, for showing an error in context. */
static void print_line(const char *text, int line, int col)
{
    const char *s = text;
    for (int l = 1; l < line && s; l++) {
        s = strchr(s, '\n');
        if (s)
            s++;
    }
    if (!s)
        return;
    int len = (int)strcspn(s, "\r\n");
    /* A long line is shown from a little before the column, 120 bytes at
     * most: an error never floods the terminal. */
    int from = 0;
    for (int c = 1; c < col - 40 && from < len; from++)
        if (((unsigned char)s[from] & 0xC0) != 0x80)
            c++;
    while (from < len && ((unsigned char)s[from] & 0xC0) == 0x80)
        from++;
    s += from;
    len -= from;
    col -= col > 40 ? col - 41 : 0;
    if (len > 120)
        len = 120;
    while (len > 0 && len < (int)strcspn(s, "\r\n") && ((unsigned char)s[len] & 0xC0) == 0x80)
        len--;
    fprintf(stderr, "  %s%.*s%s\n  ", from ? "..." : "", len, s,
            len < (int)strcspn(s, "\r\n") ? "..." : "");
    if (from)
        fputs("   ", stderr);
    /* col counts characters: step over UTF-8 continuation bytes. */
    for (int c = 1, i = 0; c < col && i < len; i++)
        if (((unsigned char)s[i] & 0xC0) != 0x80) {
            fputc(s[i] == '\t' ? '\t' : ' ', stderr);
            c++;
        }
    fputs("^\n", stderr);
}

void cli_print_errors(const char *source, const asm_errors *errs)
{
    char msg[ASM_MESSAGE_MAX + 300];
    for (int k = 0; k < errs->kept; k++) {
        asm_error_format(&errs->error[k], msg, sizeof msg);
        fprintf(stderr, "%s\n", msg);
        if (source && errs->error[k].line > 0)
            print_line(source, errs->error[k].line, errs->error[k].col);
    }
    if (errs->count > errs->kept)
        fprintf(stderr, "(%d more errors not shown)\n", errs->count - errs->kept);
}

static bool ends_with(const char *s, const char *tail)
{
    size_t n = strlen(s), t = strlen(tail);
    return n >= t && strcmp(s + n - t, tail) == 0;
}

bool cli_load_program(const char *cmd, const char *path, vm_profile_id hex_profile,
                      vm_program *out, vm_decl *decl)
{
    char *text = cli_read_file(cmd, path);
    if (!text)
        return false;
    asm_errors errs;
    bool ok = ends_with(path, ".hex") ? asm_hex_import(text, path, hex_profile, out, decl, &errs)
                                      : asm_assemble(text, path, out, decl, &errs);
    if (!ok)
        cli_print_errors(text, &errs);
    free(text);
    return ok;
}

const char *cli_halt_word(vm_halt h)
{
    switch (h) {
    case VM_HALT_NONE: return "ready";
    case VM_HALT_STOP: return "stop";
    case VM_HALT_ERROR: return "error";
    case VM_HALT_BAD_OPCODE: return "bad-opcode";
    case VM_HALT_BUDGET: return "budget";
    }
    return "?";
}

const char *cli_halt_text(const vm_machine *m, char *buf, size_t size)
{
    static const char *const num_errors[] = {"", "overflow", "division by zero",
                                             "no result for this operand"};
    switch (m->halt) {
    case VM_HALT_NONE:
        snprintf(buf, size, "ready at address %02d", m->pc);
        break;
    case VM_HALT_STOP:
        snprintf(buf, size, "stopped by С/П; waiting at address %02d", m->pc);
        break;
    case VM_HALT_ERROR:
        snprintf(buf, size, "ЕГГОГ: %s at address %02d (code %02X)",
                 num_errors[m->num_error <= VM_NUM_DOMAIN ? m->num_error : 0], m->halt_pc,
                 m->halt_code);
        break;
    case VM_HALT_BAD_OPCODE:
        snprintf(buf, size, "undocumented code %02X at address %02d", m->halt_code, m->halt_pc);
        break;
    case VM_HALT_BUDGET:
        snprintf(buf, size, "the step budget ran out at address %02d", m->pc);
        break;
    }
    return buf;
}

static void trace_step(void *ctx, const vm_machine *m, const vm_trace *t)
{
    const cli_runner *run = ctx;
    if (run->watch)
        run->watch(run->watch_ctx, m);
    if (!run->trace)
        return;
    char ins[64], x[32], y[32];
    asm_disasm_one(m->prog, m->steps, t->pc, m->profile, run->map, ins, sizeof ins);
    vm_num_format_value(t->x, x, sizeof x);
    vm_num_format_value(t->y, y, sizeof y);
    fprintf(run->trace, "%03d  %02X", t->pc, t->code);
    if (t->length == 2 && t->pc + 1 < m->steps)
        fprintf(run->trace, " %02X", m->prog[t->pc + 1]);
    else
        fputs("   ", run->trace);
    /* The mnemonic's column is 16 characters wide, counted in characters,
     * not bytes: Cyrillic letters take two bytes in UTF-8. */
    int width = cli_display_width(ins);
    fprintf(run->trace, "  %s%*s X=%-14s Y=%s\n", ins, width < 16 ? 16 - width : 0, "", x, y);
}

/* A run goes in slices when a stop may be asked (run->stop), to look at it
 * between them. The steps of the next slice of a run begun at from: the
 * rest of the budget (0: none), cut to CLI_RUN_SLICE then. */
static uint64_t slice_steps(const cli_runner *run, const vm_machine *m, uint64_t from)
{
    uint64_t left = run->max_steps ? run->max_steps - (m->executed - from) : 0;
    return run->stop && (left == 0 || left > CLI_RUN_SLICE) ? CLI_RUN_SLICE : left;
}

/* After a slice that used all its steps: whether the run ends there, the
 * budget spent or a stop asked (then interrupted). */
static bool slice_ends(cli_runner *run, const vm_machine *m, uint64_t from)
{
    if (!run->stop || (run->max_steps && m->executed - from >= run->max_steps))
        return true;
    run->interrupted = *run->stop != 0;
    return run->interrupted;
}

vm_stop cli_run(vm_machine *m, cli_runner *run)
{
    uint64_t from = m->executed;
    run->interrupted = false;
    if (!run->trace && !run->stepping && !run->watch) {
        vm_halt h;
        do
            h = vm_run(m, slice_steps(run, m, from));
        while (h == VM_HALT_BUDGET && !slice_ends(run, m, from));
        if (h == VM_HALT_BUDGET)
            vm_stop_run(m); /* a program that stopped shows what it left */
        return run->last = h == VM_HALT_BUDGET ? VM_STOP_BUDGET : VM_STOP_HALT;
    }
    run->stepper.on_step = run->trace || run->watch ? trace_step : NULL;
    run->stepper.ctx = run;
    for (;;) {
        m->halt = VM_HALT_NONE;
        run->last = vm_stepper_run(&run->stepper, m, slice_steps(run, m, from));
        if (run->last != VM_STOP_BUDGET || slice_ends(run, m, from))
            break;
        /* The next slice would not look at its first step's address. */
        if (m->pc >= 0 && m->pc < VM_MAX_STEPS && run->stepper.breakpoint[m->pc])
            return run->last = VM_STOP_BREAK;
    }
    if (run->last == VM_STOP_BUDGET)
        m->halt = VM_HALT_BUDGET;
    return run->last;
}

bool cli_press_keys(const char *cmd, vm_machine *m, const char *text, cli_runner *run)
{
    int key, got;
    size_t len;
    /* Every name first, so that a bad one presses nothing. */
    const char *at = text;
    while ((got = vm_key_next(&at, &key, &len)) > 0)
        ;
    if (got < 0) {
        fprintf(stderr, "%s: '%.*s' is not a key name (see 'mk61 keys')\n", cmd, (int)len, at);
        return false;
    }
    while ((got = vm_key_next(&text, &key, &len)) > 0) {
        vm_press(m, (vm_key)key);
        if (m->running && (cli_run(m, run) == VM_STOP_BREAK || run->last == VM_STOP_WATCH ||
                           run->last == VM_STOP_WARN))
            return true;
    }
    return true;
}

void cli_print_state(FILE *out, const vm_machine *m, const vm_decl *map)
{
    vm_display d;
    char text[64], why[160], v[32];
    vm_display_get(m, &d);
    vm_display_text(&d, text, sizeof text);
    fprintf(out, "display  [%s]\n", text);
    const vm_num *stack[5] = {&m->x, &m->y, &m->z, &m->t, &m->x1};
    const char *names[5] = {"X", "Y", "Z", "T", "X1"};
    for (int i = 0; i < 5; i++) {
        vm_num_format_value(*stack[i], v, sizeof v);
        fprintf(out, "%-2s       %s\n", names[i], v);
    }
    for (int r = 0; r < m->regs; r++) {
        bool named = map && map->reg_name[r][0];
        if (vm_num_is_zero(m->reg[r]) && !named)
            continue;
        vm_num_format_value(m->reg[r], v, sizeof v);
        char rt[4];
        fprintf(out, "R%-8s%s", vm_reg_text(r, rt), v);
        fprintf(out, named ? "  (%s)\n" : "\n", named ? map->reg_name[r] : "");
    }
    fprintf(out, "state    %s; %llu steps executed\n", cli_halt_text(m, why, sizeof why),
            (unsigned long long)m->executed);
}

void cli_print_json(FILE *out, const vm_machine *m)
{
    vm_display d;
    char text[64], why[160], v[32];
    vm_display_get(m, &d);
    vm_display_text(&d, text, sizeof text);
    static const char *const angles[] = {"rad", "grd", "deg"};
    char warn[160];
    fprintf(out, "{\"halt\":\"%s\",\"reason\":\"%s\",\"pc\":%d,\"executed\":%llu,"
                 "\"angle\":\"%s\",\"warning\":\"%s\",\"display\":\"%s\"",
            cli_halt_word(m->halt), cli_halt_text(m, why, sizeof why), m->pc,
            (unsigned long long)m->executed, angles[m->angle <= VM_DEG ? m->angle : 0],
            vm_warn_text(m, warn, sizeof warn), text);
    const vm_num *stack[5] = {&m->x, &m->y, &m->z, &m->t, &m->x1};
    const char *names[5] = {"x", "y", "z", "t", "x1"};
    for (int i = 0; i < 5; i++) {
        vm_num_format_value(*stack[i], v, sizeof v);
        fprintf(out, ",\"%s\":\"%s\"", names[i], v);
    }
    fputs(",\"registers\":[", out);
    for (int r = 0; r < m->regs; r++) {
        vm_num_format_value(m->reg[r], v, sizeof v);
        fprintf(out, "%s\"%s\"", r ? "," : "", v);
    }
    fputs("],\"return_stack\":[", out);
    for (int i = 0; i < m->rsp; i++)
        fprintf(out, "%s%d", i ? "," : "", m->rstack[i]);
    fputs("]}\n", out);
}

bool cli_steps_opt(cli_args *a, uint64_t *out)
{
    return cli_u64_opt(a, "--max-steps", 0, UINT64_MAX,
                       "a whole number from %llu (no limit) to %llu", out);
}

bool cli_profile_opt(cli_args *a, vm_profile_id *out)
{
    const char *v;
    if (!cli_got(a, "--profile", &v))
        return false;
    if (!vm_profile_find(v, out)) {
        fprintf(stderr, "%s: unknown profile '%s' (mk61 or mk61x)\n", a->cmd, v);
        cli_bad(a);
    }
    return true;
}

bool cli_angle_opt(cli_args *a, int *out)
{
    static const char *const names[] = {"rad", "grd", "deg"};
    const char *v;
    if (!cli_got(a, "--angle", &v))
        return false;
    int angle = strcmp(v, "grad") == 0 ? VM_GRAD : -1;
    for (int k = 0; k < 3; k++)
        if (strcmp(v, names[k]) == 0)
            angle = k;
    if (angle < 0) {
        fprintf(stderr, "%s: --angle takes rad, grd or deg, not '%s'\n", a->cmd, v);
        cli_bad(a);
    } else {
        *out = angle;
    }
    return true;
}
