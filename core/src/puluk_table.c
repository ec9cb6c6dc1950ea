/* The solved table: its values, its file, and the count of the positions
 * reachable from the start (docs/puluk.md, "The table's file"). */
#include "puluk_solve_internal.h"
#include "puluk_internal.h"
#include "kalah_file.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const puluk_rules *puluk_table_rules(const puluk_table *t)
{
    return &t->rules;
}

uint64_t puluk_table_size(const puluk_table *t)
{
    return t->ix.size;
}

double puluk_table_gap(const puluk_table *t)
{
    return t->gap;
}

/* The mover's chance before its throw. */
static double value_before(const puluk_table *t, const puluk_pos *p)
{
    puluk_ix_pos q;
    puluk_ix_from_pos(&t->ix, p, &q);
    return t->value[puluk_ix_rank(&t->ix, &q)];
}

int puluk_table_moves(const puluk_table *t, const puluk_pos *p, int moves[PULUK_MAX_MOVES],
                      double values[PULUK_MAX_MOVES])
{
    int n = puluk_moves(&t->rules, p, moves);
    for (int i = 0; i < n; i++) {
        puluk_pos c = *p;
        puluk_apply(&t->rules, &c, moves[i], NULL);
        values[i] = 1 - value_before(t, &c);
    }
    return n;
}

double puluk_table_value(const puluk_table *t, const puluk_pos *p)
{
    if (puluk_over(&t->rules, p))
        return 0;
    if (!p->thrown)
        return value_before(t, p);
    int moves[PULUK_MAX_MOVES];
    double values[PULUK_MAX_MOVES], best = 0;
    int n = puluk_table_moves(t, p, moves, values);
    for (int i = 0; i < n; i++)
        best = values[i] > best ? values[i] : best;
    return best;
}

/* ---- reachable positions ------------------------------------------------------ */

kalah_status puluk_count_reachable(const puluk_rules *r, uint64_t *indexed, uint64_t *positions,
                                   kalah_error *err)
{
    if (r->release != PULUK_RELEASE_HOME)
        return kalah_fail(err, KALAH_EINVAL, 0, "the index takes the author's release rule only");
    puluk_ix ix;
    puluk_ix_init(&ix, r);
    size_t words = (size_t)(ix.size / 64 + 1);
    /* seen[side]: indices reached with White (0) or Black (1) to move. */
    uint64_t *seen = calloc(2 * words, sizeof *seen);
    uint64_t *queue = malloc((size_t)(2 * ix.size + 1) * sizeof *queue);
    if (!seen || !queue) {
        free(seen);
        free(queue);
        return kalah_fail(err, KALAH_ENOMEM, 0, "no memory to count the positions");
    }
    puluk_pos start = puluk_start(r);
    uint64_t first = puluk_index_of(r, &start), head = 0, tail = 0;
    seen[first / 64] |= 1ull << (first % 64);
    queue[tail++] = first * 2;
    while (head < tail) {
        uint64_t item = queue[head++], idx = item / 2;
        int side = (int)(item % 2);
        puluk_ix_pos q, kid[PULUK_MAX_MOVES];
        puluk_ix_unrank(&ix, idx, &q);
        if (puluk_ix_free(&ix, &q, 0) == 0)
            continue; /* finished */
        for (int th = 1; th <= PULUK_MAX_THROW; th++) {
            int m = puluk_ix_children(&ix, &q, th, kid);
            for (int j = 0; j < m; j++) {
                uint64_t c = puluk_ix_rank(&ix, &kid[j]);
                uint64_t *w = &seen[(size_t)(1 - side) * words + c / 64];
                if (!(*w & (1ull << (c % 64)))) {
                    *w |= 1ull << (c % 64);
                    queue[tail++] = c * 2 + (uint64_t)(1 - side);
                }
            }
        }
    }
    uint64_t either = 0;
    for (size_t i = 0; i < words; i++)
        either += (uint64_t)__builtin_popcountll(seen[i] | seen[words + i]);
    *indexed = either;
    *positions = tail;
    free(seen);
    free(queue);
    return KALAH_OK;
}

/* ---- the file ------------------------------------------------------------------- */

#define TABLE_MAGIC "puluk61-table"
#define TABLE_VERSION 1

/* The values as the file holds them: little-endian IEEE doubles. */
static void to_le(const double *v, unsigned char *out, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        uint64_t u;
        memcpy(&u, &v[i], 8);
        for (int k = 0; k < 8; k++)
            out[8 * i + (size_t)k] = (unsigned char)(u >> (8 * k));
    }
}

static void from_le(const unsigned char *in, double *v, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        uint64_t u = 0;
        for (int k = 0; k < 8; k++)
            u |= (uint64_t)in[8 * i + (size_t)k] << (8 * k);
        memcpy(&v[i], &u, 8);
    }
}

uint32_t puluk_table_crc(const puluk_table *t)
{
    size_t n = (size_t)t->ix.size;
    unsigned char *b = malloc(8 * n + 1);
    if (!b)
        return 0;
    to_le(t->value, b, n);
    uint32_t c = kalah_file_crc32(b, 8 * n);
    free(b);
    return c;
}

kalah_status puluk_table_save(const puluk_table *t, const char *path, kalah_error *err)
{
    char rules[PULUK_TEXT_MAX], head[512];
    puluk_rules_format(&t->rules, rules, sizeof rules);
    size_t n = (size_t)t->ix.size;
    unsigned char *b = malloc(sizeof head + 8 * n);
    if (!b)
        return kalah_fail(err, KALAH_ENOMEM, 0, "no memory to write the table");
    /* The values first, after room for the header, so the checksum can go
     * in the header. */
    int hl;
    {
        unsigned char *vals = b + sizeof head;
        to_le(t->value, vals, n);
        uint32_t crc = kalah_file_crc32(vals, 8 * n);
        hl = snprintf(head, sizeof head,
                      "%s %d\nrules %s\npositions %llu\ngap %.3e\ncrc32 %08x\n\n", TABLE_MAGIC,
                      TABLE_VERSION, rules, (unsigned long long)n, t->gap, (unsigned)crc);
        memmove(b + hl, vals, 8 * n);
        memcpy(b, head, (size_t)hl);
    }
    char why[320];
    bool ok = kalah_file_write_atomic(path, b, (size_t)hl + 8 * n, why, sizeof why);
    free(b);
    if (!ok)
        return kalah_fail(err, KALAH_EINVAL, 0, "%s", why);
    return KALAH_OK;
}

/* The next header line "KEY VALUE" at *s (inside end): VALUE into val. */
static bool header_line(const char **s, const char *end, const char *key, char *val,
                        size_t size)
{
    size_t kl = strlen(key);
    const char *nl = memchr(*s, '\n', (size_t)(end - *s));
    if (!nl || (size_t)(nl - *s) < kl + 2 || memcmp(*s, key, kl) != 0 || (*s)[kl] != ' ')
        return false;
    size_t vl = (size_t)(nl - *s) - kl - 1;
    if (vl >= size)
        return false;
    memcpy(val, *s + kl + 1, vl);
    val[vl] = '\0';
    *s = nl + 1;
    return true;
}

kalah_status puluk_table_load(const char *path, puluk_table **out, kalah_error *err)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return kalah_fail(err, KALAH_EINVAL, 0, "cannot open %s: %s", path, strerror(errno));
    char head[512];
    size_t got = fread(head, 1, sizeof head - 1, f);
    head[got] = '\0';
    const char *s = head, *end = head + got;
    char val[PULUK_TEXT_MAX], magic[64];
    snprintf(magic, sizeof magic, "%s", TABLE_MAGIC);
    puluk_rules r;
    unsigned long long positions = 0;
    unsigned crc = 0;
    double gap = 0;
    kalah_error why;
    int version = -1;
    kalah_status st = KALAH_ESYNTAX;
    const char *bad = NULL;
    if (!header_line(&s, end, magic, val, sizeof val) || sscanf(val, "%d", &version) != 1)
        bad = "not a Pulúk table";
    else if (version != TABLE_VERSION)
        bad = "a table of another format than this program's 1";
    else if (!header_line(&s, end, "rules", val, sizeof val) ||
             puluk_rules_parse(val, &r, &why) != KALAH_OK)
        bad = "malformed header: the rules";
    else if (!header_line(&s, end, "positions", val, sizeof val) ||
             sscanf(val, "%llu", &positions) != 1)
        bad = "malformed header: the positions";
    else if (!header_line(&s, end, "gap", val, sizeof val) || sscanf(val, "%lf", &gap) != 1)
        bad = "malformed header: the gap";
    else if (!header_line(&s, end, "crc32", val, sizeof val) || sscanf(val, "%8x", &crc) != 1 ||
             s >= end || *s != '\n')
        bad = "malformed header: the checksum";
    puluk_table *t = NULL;
    unsigned char *b = NULL;
    if (!bad && !(t = puluk_table_new(&r))) {
        fclose(f);
        return kalah_fail(err, KALAH_ENOMEM, 0, "no memory for the table");
    }
    if (!bad && t->ix.size != positions)
        bad = "its size does not match its rules";
    size_t n = t ? (size_t)t->ix.size : 0;
    if (!bad && !(b = malloc(8 * n + 1))) {
        st = KALAH_ENOMEM;
        bad = "no memory for the table";
    }
    if (!bad) {
        long at = (long)(s + 1 - head);
        if (fseek(f, at, SEEK_SET) != 0 || fread(b, 1, 8 * n, f) != 8 * n)
            bad = "the file is cut short";
        else if (fgetc(f) != EOF)
            bad = "unexpected bytes after the values";
        else if (kalah_file_crc32(b, 8 * n) != crc)
            bad = "damaged: the checksum does not match";
    }
    fclose(f);
    if (bad) {
        free(b);
        puluk_table_free(t);
        return kalah_fail(err, st, 0, "%s: %s", path, bad);
    }
    from_le(b, t->value, n);
    free(b);
    t->gap = gap;
    *out = t;
    return KALAH_OK;
}
