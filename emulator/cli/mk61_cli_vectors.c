/* mk61 vectors: the machine against measured cases (vm_vector.h), read
 * from JSON Lines files as ../shared/reference/mk61-vectors writes them
 * (the help says the format in words: the reference is not installed). */
#include "mk61_cli.h"
#include "vm_vector.h"

#include <errno.h>
#include <getopt.h>
#include <json-c/json.h>
#include <stdlib.h>
#include <string.h>

static const char vectors_usage[] =
    "Usage: mk61 vectors [--list] [--raw] [--category NAME] [--id ID] FILE...\n"
    "\n"
    "Runs every case of the JSON Lines files (one JSON object a line, as the\n"
    "cases measured on the real MK-61 are written: an id and a category, a\n"
    "program, the keys pressed after power-on, the angle switch, and the\n"
    "stack, registers and display the real calculator ended with) on this\n"
    "emulator, and prints for each category how many cases end in the same\n"
    "state.\n"
    "\n"
    "A case whose differences all follow from a function step whose operand\n"
    "the model does not cover (hex digits, an exponent past 99: mk61.md,\n"
    "\"Known differences\") counts as known; the table gives those apart, and\n"
    "a list of them by function follows it.\n"
    "\n"
    "Numbers compare by value; an expected \"raw:\" value that no decimal can\n"
    "write (a hex digit, an exponent past 99, a sign nibble other than 0\n"
    "and 9) compares digit by digit.\n"
    "\n"
    "  --raw            compare every expected \"raw:\" value digit by digit\n"
    "  --list           also print every case that differs, with its fields\n"
    "  --category NAME  only the cases of this category\n"
    "  --id ID          only this case, printed whole\n"
    "\n"
    "Exit code 0 when every case agrees or differs only as a known\n"
    "difference, 1 when another differs or a file cannot be read, 2 for bad\n"
    "usage.\n";

#define CATEGORIES_MAX 64
#define LINE_MAX_ (1 << 16)

typedef struct tally {
    char name[32];
    int cases, same, known;
} tally;

/* Known differences by the function code that met the unmodelled operand. */
typedef struct known_count {
    int by_code[256];
} known_count;

typedef struct options {
    bool list, raw;
    const char *category, *id;
} options;

static tally *tally_of(tally *t, int *n, const char *name)
{
    for (int i = 0; i < *n; i++)
        if (strcmp(t[i].name, name) == 0)
            return &t[i];
    if (*n == CATEGORIES_MAX)
        return &t[CATEGORIES_MAX - 1];
    snprintf(t[*n].name, sizeof t[*n].name, "%s", name);
    t[*n].cases = t[*n].same = t[*n].known = 0;
    return &t[(*n)++];
}

static const char *json_str(json_object *o, const char *key)
{
    json_object *v;
    return json_object_object_get_ex(o, key, &v) && json_object_is_type(v, json_type_string)
               ? json_object_get_string(v)
               : NULL;
}

/* Fills v from one case; a message in err when a field is missing or bad. */
/* A number as the vectors write it: vm_num_parse's forms, exponents with a
 * '+' and in capitals, and values the machine keeps out of range
 * ("3.6E-100", a conversion's result): the mantissa's digits with the
 * exponent as written. */
static bool parse_expected(const char *text, vm_num *out)
{
    char tmp[40];
    snprintf(tmp, sizeof tmp, "%s", text);
    char *plus = strstr(tmp, "E+");
    if (plus)
        memmove(plus + 1, plus + 2, strlen(plus + 2) + 1);
    if (vm_num_parse(tmp, out) && (out->mant != 0 || strpbrk(tmp, "123456789") == NULL
                                   || strncmp(tmp, "raw:", 4) == 0))
        return true;
    char *e = strpbrk(tmp, "Ee");
    char *end;
    if (e == NULL || strncmp(tmp, "raw:", 4) == 0)
        return false;
    long exp = strtol(e + 1, &end, 10);
    *e = '\0';
    vm_num m;
    if (*end != '\0' || exp < -600 || exp > 600 || !vm_num_parse(tmp, &m) || m.mant == 0)
        return false;
    long total = m.exp + exp;
    if (total < -500 || total > 499)
        return false;
    m.exp = (int16_t)total;
    *out = m;
    return true;
}

static bool read_case(json_object *o, vm_vector *v, bool raw, char *err, size_t size)
{
    vm_vector_init(v);
    const char *angle = json_str(o, "angle"), *prog = json_str(o, "program");
    const char *keys = json_str(o, "keys");
    json_object *expect, *regs, *ignore;
    if (!prog || !keys || !json_object_object_get_ex(o, "expect", &expect)) {
        snprintf(err, size, "a case needs \"program\", \"keys\" and \"expect\"");
        return false;
    }
    if (!angle || strcmp(angle, "rad") == 0)
        v->angle = VM_RAD;
    else if (strcmp(angle, "grd") == 0)
        v->angle = VM_GRAD;
    else if (strcmp(angle, "deg") == 0)
        v->angle = VM_DEG;
    else {
        snprintf(err, size, "\"angle\" is rad, grd or deg, not '%.20s'", angle);
        return false;
    }
    int n = 0;
    for (const char *p = prog; *p;) {
        char *end;
        unsigned long b = strtoul(p, &end, 16);
        if (end == p || b > 0xFF || n == VM_VECTOR_STEPS) {
            if (strspn(p, " ") == strlen(p))
                break;
            snprintf(err, size, "\"program\": bad or too many steps at '%.20s'", p);
            return false;
        }
        v->program[n++] = (uint8_t)b;
        p = end;
    }
    v->keys = keys;
    for (int f = 0; f < VM_VF_COUNT; f++) {
        const char *name = vm_vector_field_name(f), *text;
        if (f >= VM_VF_R0 && f < VM_VF_DISPLAY) {
            json_object *r;
            if (!json_object_object_get_ex(expect, "regs", &regs) ||
                json_object_array_length(regs) != VM_REGISTERS ||
                !(r = json_object_array_get_idx(regs, (size_t)(f - VM_VF_R0))) ||
                !(text = json_object_get_string(r))) {
                snprintf(err, size, "\"expect\" needs \"regs\", 15 numbers");
                return false;
            }
        } else if (!(text = json_str(expect, name))) {
            snprintf(err, size, "\"expect\" needs \"%s\"", name);
            return false;
        }
        if (f == VM_VF_DISPLAY) {
            snprintf(v->display, sizeof v->display, "%s", text);
        } else if (!parse_expected(text, &v->expect[f])) {
            snprintf(err, size, "\"%s\": not a number: '%.30s'", name, text);
            return false;
        } else {
            /* Digit by digit where no decimal says it, or asked to. */
            v->exact[f] = strncmp(text, "raw:", 4) == 0 && (raw || !vm_num_decimal(v->expect[f]));
        }
    }
    if (json_object_object_get_ex(o, "ignore", &ignore)) {
        for (size_t i = 0; i < json_object_array_length(ignore); i++) {
            const char *name = json_object_get_string(json_object_array_get_idx(ignore, i));
            int f = name ? vm_vector_field_find(name) : -1;
            if (f < 0) {
                snprintf(err, size, "\"ignore\": unknown field '%.20s'", name ? name : "?");
                return false;
            }
            v->ignore[f] = true;
        }
    }
    return true;
}

static void print_num(FILE *out, vm_num a)
{
    char s[40];
    vm_num_format(a, s, sizeof s);
    fputs(s, out);
}

/* One case's differences, one field a line. */
static void print_case(const char *id, const vm_vector *v, const vm_vector_outcome *o, bool whole)
{
    printf("%s:", id);
    if (o->status == VM_VECTOR_BAD_KEY) {
        printf(" unknown key at '%.20s'\n", v->keys + o->bad_key);
        return;
    }
    if (o->status == VM_VECTOR_NO_STOP) {
        printf(" the program did not stop within %u steps\n", VM_VECTOR_BUDGET);
        return;
    }
    printf(" %s", o->status == VM_VECTOR_SAME ? "same" : "differs");
    const vm_op_info *op = vm_op_cell(o->unmodelled);
    if (o->status != VM_VECTOR_SAME && op && o->known)
        printf(" (known: %s of an operand outside the model)", op->cyrillic);
    else if (o->status != VM_VECTOR_SAME && op)
        printf(" (after %s of an operand outside the model, but not only there)", op->cyrillic);
    putchar('\n');
    for (int f = 0; f < VM_VF_COUNT; f++) {
        if (!o->differs[f] && !whole)
            continue;
        printf("  %-8s %s ", vm_vector_field_name(f), o->differs[f] ? "got" : "   ");
        if (f == VM_VF_DISPLAY) {
            printf("'%s'", o->display);
        } else {
            const vm_machine *m = &o->m;
            vm_num got = f == VM_VF_X ? m->x : f == VM_VF_Y ? m->y : f == VM_VF_Z ? m->z
                       : f == VM_VF_T ? m->t : f == VM_VF_X1 ? m->x1 : m->reg[f - VM_VF_R0];
            print_num(stdout, got);
        }
        if (o->differs[f]) {
            printf(", want ");
            if (f == VM_VF_DISPLAY)
                printf("'%s'", v->display);
            else
                print_num(stdout, v->expect[f]);
        }
        putchar('\n');
    }
}

/* Runs the cases of one file into the tallies; false when it cannot be read. */
static bool run_file(const char *path, const options *opt, tally *t, int *nt, int *shown,
                     known_count *known)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "mk61 vectors: cannot open %s: %s\n", path, strerror(errno));
        return false;
    }
    static char line[LINE_MAX_];
    static vm_vector v;
    static vm_vector_outcome o;
    int lineno = 0;
    bool ok = true;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        size_t len = strlen(line);
        if (len == sizeof line - 1 && line[len - 1] != '\n') {
            fprintf(stderr, "mk61 vectors: %s:%d: a line longer than %d bytes\n", path, lineno,
                    LINE_MAX_ - 2);
            ok = false;
            break;
        }
        if (strspn(line, " \t\r\n") == len)
            continue;
        json_object *o_case = json_tokener_parse(line);
        char err[160];
        if (!o_case || !json_object_is_type(o_case, json_type_object)) {
            fprintf(stderr, "mk61 vectors: %s:%d: not a JSON object\n", path, lineno);
            json_object_put(o_case);
            ok = false;
            continue;
        }
        const char *id = json_str(o_case, "id"), *cat = json_str(o_case, "category");
        if (!id)
            id = "?";
        if (!cat)
            cat = "?";
        if ((opt->category && strcmp(cat, opt->category) != 0) || (opt->id && strcmp(id, opt->id) != 0)) {
            json_object_put(o_case);
            continue;
        }
        if (!read_case(o_case, &v, opt->raw, err, sizeof err)) {
            fprintf(stderr, "mk61 vectors: %s:%d: %s\n", path, lineno, err);
            json_object_put(o_case);
            ok = false;
            continue;
        }
        tally *c = tally_of(t, nt, cat);
        c->cases++;
        if (vm_vector_run(&v, &o) == VM_VECTOR_SAME) {
            c->same++;
        } else if (o.status == VM_VECTOR_DIFFERS && o.known) {
            c->known++;
            known->by_code[o.unmodelled & 0xFF]++;
        }
        if (opt->id || (opt->list && o.status != VM_VECTOR_SAME)) {
            print_case(id, &v, &o, opt->id != NULL);
            (*shown)++;
        }
        json_object_put(o_case);
    }
    fclose(f);
    return ok;
}

int cli_vectors(int argc, char **argv)
{
    static const struct option opts[] = {CLI_FLAG("list"), CLI_FLAG("raw"), CLI_OPT("category"),
                                         CLI_OPT("id"), {0}};
    options opt = {false, false, NULL, NULL};
    cli_args a;
    cli_args_init(&a, "mk61 vectors", argc, argv, 2, opts, "");
    cli_usage(&a, vectors_usage, NULL);
    const char **files = malloc((size_t)argc * sizeof *files);
    int nfiles = 0;
    if (!files) {
        fprintf(stderr, "mk61 vectors: out of memory\n");
        return CLI_FAIL;
    }
    while (cli_next(&a) > 0) {
        if (cli_flag(&a, "--list"))
            opt.list = true;
        else if (cli_flag(&a, "--raw"))
            opt.raw = true;
        else if (cli_arg(&a))
            files[nfiles++] = a.val;
        else if (!cli_got(&a, "--category", &opt.category) && !cli_got(&a, "--id", &opt.id))
            cli_unknown(&a);
    }
    if (a.rc == CLI_GO && nfiles == 0) {
        fprintf(stderr, "mk61 vectors: no file given (see 'mk61 vectors --help')\n");
        a.rc = CLI_USAGE;
    }
    if (a.rc != CLI_GO) {
        free(files);
        return a.rc;
    }
    static tally t[CATEGORIES_MAX];
    static known_count known;
    int nt = 0, shown = 0;
    bool ok = true;
    for (int i = 0; i < nfiles; i++)
        ok = run_file(files[i], &opt, t, &nt, &shown, &known) && ok;
    free(files);
    if (opt.id && shown == 0) {
        fprintf(stderr, "mk61 vectors: no case '%s'\n", opt.id);
        return CLI_FAIL;
    }
    int cases = 0, same = 0, nknown = 0;
    printf("%-12s %7s %7s %7s %8s\n", "category", "cases", "same", "known", "agree");
    for (int i = 0; i < nt; i++) {
        printf("%-12s %7d %7d %7d %7.1f%%\n", t[i].name, t[i].cases, t[i].same, t[i].known,
               t[i].cases ? 100.0 * t[i].same / t[i].cases : 0.0);
        cases += t[i].cases;
        same += t[i].same;
        nknown += t[i].known;
    }
    printf("%-12s %7d %7d %7d %7.1f%%\n", "all", cases, same, nknown,
           cases ? 100.0 * same / cases : 0.0);
    if (nknown > 0) {
        char dir[4096];
        printf("\nknown differences (a function of an operand outside the model, %s/mk61.md):\n",
               cli_doc_dir(dir, sizeof dir));
        for (int c = 0; c < 256; c++) {
            const vm_op_info *op = vm_op((uint8_t)c);
            if (known.by_code[c] > 0)
                printf("  %s%*s %d\n", op ? op->cyrillic : "?",
                       10 - cli_display_width(op ? op->cyrillic : "?"), "", known.by_code[c]);
        }
    }
    return ok && same + nknown == cases ? CLI_OK : CLI_FAIL;
}
