/* mk61 asm and mk61 disasm. */
#include "mk61_cli.h"

#include <stdlib.h>
#include <string.h>

/* Calls fmt(p, d, flags, buf, size) into a buffer of the right size and
 * writes it. */
static int emit(const char *cmd, const char *path, const vm_program *p, const vm_decl *d,
                unsigned flags, int (*fmt)(const vm_program *, const vm_decl *, unsigned, char *,
                                           size_t))
{
    int need = fmt(p, d, flags, NULL, 0);
    char *buf = malloc((size_t)need + 1);
    if (!buf) {
        fprintf(stderr, "%s: out of memory\n", cmd);
        return CLI_FAIL;
    }
    fmt(p, d, flags, buf, (size_t)need + 1);
    int rc = cli_write_file(cmd, path, buf, strlen(buf));
    free(buf);
    return rc;
}

static int hex_fmt(const vm_program *p, const vm_decl *d, unsigned flags, char *buf, size_t size)
{
    (void)d, (void)flags;
    return asm_hex_export(p, true, buf, size);
}

static int table_fmt(const vm_program *p, const vm_decl *d, unsigned flags, char *buf,
                     size_t size)
{
    (void)d, (void)flags;
    return asm_table(p->code, p->length, buf, size);
}

/* Registers a program touches: direct register codes, .reg and .name. */
static int registers_used(const vm_program *p, const vm_decl *d, bool used[VM_MAX_REGS])
{
    memset(used, 0, VM_MAX_REGS * sizeof used[0]);
    for (int a = 0; a < p->length;) {
        const vm_op_info *op = vm_op_cell(p->code[a]);
        if (op && op->format == VM_FMT_REG)
            used[op->reg] = true;
        a += op ? vm_op_length(op) : 1;
    }
    int n = 0;
    for (int r = 0; r < VM_MAX_REGS; r++) {
        used[r] |= p->reg_set[r] || d->reg_name[r][0];
        n += used[r];
    }
    return n;
}

/* Steps and registers used against the profile's limits. */
static int print_stats(const vm_program *p, const vm_decl *d)
{
    const vm_profile *pr = vm_profile_get(p->profile);
    bool used[VM_MAX_REGS];
    int regs = registers_used(p, d, used);
    printf("profile    %s\nsteps      %d of %d\nregisters  %d of %d used directly or declared "
           "(indirect use is not counted):",
           pr->name, p->length, pr->steps, regs, pr->regs);
    for (int r = 0; r < VM_MAX_REGS; r++)
        if (used[r]) {
            char rt[4];
            printf(" %s", vm_reg_text(r, rt));
        }
    printf("\nstart      %02d\n", p->start);
    return CLI_OK;
}

static const char asm_usage[] =
    "Usage: mk61 asm FILE [-o OUT] [--stats]\n"
    "\n"
    "Assembles FILE (assembler source, asm.md) and writes its codes as a\n"
    "hex dump (10 codes a line, a '#' header naming the profile, the length and\n"
    "the start) to OUT, or to standard output (also with -o -). Mistakes are\n"
    "reported as FILE:LINE:COLUMN: what was expected, with the line and a\n"
    "caret.\n"
    "\n"
    "  --stats   print the steps and registers used against the profile's\n"
    "            limits instead of the codes\n";

int cli_asm(int argc, char **argv)
{
    const char *in = NULL, *out = NULL;
    bool stats = false;
    static const struct option opts[] = {CLI_FLAG("stats"), {0}};
    cli_args a;
    cli_args_init(&a, "mk61 asm", argc, argv, 2, opts, "o:");
    cli_usage(&a, asm_usage, NULL);
    while (cli_next(&a) > 0) {
        if (cli_flag(&a, "--stats"))
            stats = true;
        else if (!cli_got(&a, "-o", &out) && !cli_first_arg(&a, &in))
            cli_unknown(&a);
    }
    int rc = cli_end(&a, "file", in);
    if (rc != CLI_GO)
        return rc;
    char *text = cli_read_file("mk61 asm", in);
    if (!text)
        return CLI_FAIL;
    vm_program p;
    vm_decl d;
    asm_errors errs;
    bool ok = asm_assemble(text, in, &p, &d, &errs);
    if (!ok)
        cli_print_errors(text, &errs);
    free(text);
    if (!ok)
        return CLI_FAIL;
    if (out && strcmp(out, "-") == 0)
        out = NULL; /* -o -: the standard output */
    return stats ? print_stats(&p, &d) : emit("mk61 asm", out, &p, &d, 0, hex_fmt);
}

static const char disasm_usage[] =
    "Usage: mk61 disasm FILE [--table] [--stats] [--latin] [--profile P]\n"
    "\n"
    "Turns a program back into a listing: FILE is a hex dump (name ending in\n"
    ".hex) or assembler source. The listing is valid assembler source again:\n"
    "assembling it gives the same codes.\n"
    "\n"
    "  --table        the classic printed table instead: 10 codes a row, the\n"
    "                 address down the left, for keying into a real MK-61\n"
    "  --stats        steps and registers used against the profile's limits\n"
    "  --latin        Latin mnemonics (RM 8, GOTO) instead of Cyrillic\n"
    "  --profile P    the profile of a hex dump: mk61 (default) or mk61x\n";

int cli_disasm(int argc, char **argv)
{
    const char *in = NULL;
    bool table = false, stats = false;
    unsigned flags = 0;
    vm_profile_id profile = VM_PROFILE_MK61;
    static const struct option opts[] = {CLI_FLAG("table"), CLI_FLAG("stats"), CLI_FLAG("latin"),
                                         CLI_OPT("profile"), {0}};
    cli_args a;
    cli_args_init(&a, "mk61 disasm", argc, argv, 2, opts, "");
    cli_usage(&a, disasm_usage, NULL);
    while (cli_next(&a) > 0) {
        if (cli_flag(&a, "--table"))
            table = true;
        else if (cli_flag(&a, "--stats"))
            stats = true;
        else if (cli_flag(&a, "--latin"))
            flags |= ASM_LATIN;
        else if (!cli_profile_opt(&a, &profile) && !cli_first_arg(&a, &in))
            cli_unknown(&a);
    }
    int rc = cli_end(&a, "file", in);
    if (rc != CLI_GO)
        return rc;
    vm_program p;
    vm_decl d;
    if (!cli_load_program("mk61 disasm", in, profile, &p, &d))
        return CLI_FAIL;
    if (stats)
        return print_stats(&p, &d);
    return emit("mk61 disasm", NULL, &p, &d, flags, table ? table_fmt : asm_listing);
}
