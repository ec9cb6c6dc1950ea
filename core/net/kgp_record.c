/* The server's record of finished games: one checksummed line a game. */
#include "kalah_file.h"
#include "kgp_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

int kgp_record_format(uint64_t number, long long unix_time, const char *const name[2],
                      const int defaults[2], const bool left[2], const kalah_game *g,
                      char *buf, size_t size)
{
    int need = kalah_game_format(g, NULL, 0);
    if (need < 0)
        return -1;
    char *game = malloc((size_t)need + 1);
    if (!game)
        return -1;
    kalah_game_format(g, game, (size_t)need + 1);
    char when[24], names[2][KGP_NAME_MAX + 1];
    time_t t = (time_t)unix_time;
    struct tm tm;
    if (!gmtime_r(&t, &tm) || strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", &tm) == 0)
        snprintf(when, sizeof when, "1970-01-01T00:00:00Z");
    for (int s = 0; s < 2; s++)
        kgp_clean_name(name[s], names[s]);
    const char *who = left[0] ? (left[1] ? "SN" : "S") : (left[1] ? "N" : "-");
    int margin = kalah_margin(&g->rules, kalah_game_pos(g));
    char head[160];
    char m[8];
    snprintf(m, sizeof m, margin ? "%+d" : "0", margin);
    int hn = snprintf(head, sizeof head, "kgp1\t%llu\t%s\t%s\t%s\t%s\t%d/%d\t%s\t",
                      (unsigned long long)number, when, names[0], names[1], m,
                      defaults[0], defaults[1], who);
    int total = hn + need + 1 + 8 + 1;
    if ((size_t)total < size) {
        memcpy(buf, head, (size_t)hn);
        memcpy(buf + hn, game, (size_t)need);
        buf[hn + need] = '\t';
        uint32_t crc = kalah_file_crc32(buf, (size_t)hn + (size_t)need + 1);
        snprintf(buf + hn + need + 1, 10, "%08x\n", crc);
    } else if (size) {
        buf[0] = '\0';
    }
    free(game);
    return total;
}

/* Splits line at tabs into at most max fields (in place); returns how many. */
static int split_tabs(char *line, char **field, int max)
{
    int n = 0;
    field[n++] = line;
    for (char *c = line; *c; c++)
        if (*c == '\t') {
            *c = '\0';
            if (n == max)
                return max + 1;
            field[n++] = c + 1;
        }
    return n;
}

static bool parse_u64(const char *s, uint64_t *out)
{
    if (!*s || strlen(s) > 18)
        return false;
    uint64_t v = 0;
    for (; *s; s++) {
        if (*s < '0' || *s > '9')
            return false;
        v = v * 10 + (uint64_t)(*s - '0');
    }
    *out = v;
    return true;
}

static bool parse_name(const char *s, char out[KGP_NAME_MAX + 1])
{
    size_t n = strlen(s);
    if (n == 0 || n > KGP_NAME_MAX)
        return false;
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)s[i] <= ' ' || (unsigned char)s[i] >= 0x7f)
            return false;
    memcpy(out, s, n + 1);
    return true;
}

static bool parse_time(const char *s)
{
    static const char shape[] = "dddd-dd-ddTdd:dd:ddZ";
    if (strlen(s) != sizeof shape - 1)
        return false;
    for (size_t i = 0; shape[i]; i++)
        if (shape[i] == 'd' ? (s[i] < '0' || s[i] > '9') : s[i] != shape[i])
            return false;
    return true;
}

/* A count of default moves: 1..4 digits. */
static bool parse_count(const char *s, const char *end, int *out)
{
    if (end == s || end - s > 4)
        return false;
    int v = 0;
    for (; s < end; s++) {
        if (*s < '0' || *s > '9')
            return false;
        v = v * 10 + (*s - '0');
    }
    *out = v;
    return true;
}

kalah_status kgp_record_parse(const char *line, size_t len, kgp_record *rec, kalah_error *err)
{
    enum { FIELDS = 10 };
    memset(rec, 0, sizeof *rec);
    if (len > KGP_RECORD_MAX)
        return kalah_fail(err, KALAH_EINVAL, 0, "a record line longer than %d bytes",
                          KGP_RECORD_MAX);
    const char *nul = memchr(line, '\0', len);
    if (nul)
        return kalah_fail(err, KALAH_ESYNTAX, (int)(nul - line) + 1, "a NUL byte in the line");
    char *copy = malloc(len + 1);
    if (!copy)
        return kalah_fail(err, KALAH_ENOMEM, 0, "out of memory");
    memcpy(copy, line, len);
    copy[len] = '\0';
    char *f[FIELDS];
    kalah_status st = KALAH_EINVAL;
    int n = split_tabs(copy, f, FIELDS);
    if (strcmp(f[0], "kgp1") != 0) {
        if (strncmp(f[0], "kgp", 3) == 0 && f[0][3] >= '2' && f[0][3] <= '9')
            st = kalah_fail(err, KALAH_EINVAL, 1,
                            "a record of format %.8s, newer than this program's kgp1", f[0]);
        else
            st = kalah_fail(err, KALAH_ESYNTAX, 1, "not a kgp1 record (it starts '%.8s')", f[0]);
        goto out;
    }
    if (n != FIELDS) {
        st = kalah_fail(err, KALAH_ESYNTAX, 0, "%s%d tab-separated fields, not %d",
                        n > FIELDS ? "more than " : "", n > FIELDS ? FIELDS : n, FIELDS);
        goto out;
    }
    size_t checked = (size_t)(f[9] - copy);
    char *end;
    bool hex = strlen(f[9]) == 8;
    for (int i = 0; hex && i < 8; i++)
        hex = (f[9][i] >= '0' && f[9][i] <= '9') || (f[9][i] >= 'a' && f[9][i] <= 'f');
    unsigned long want = hex ? strtoul(f[9], &end, 16) : 0;
    if (!hex || kalah_file_crc32(line, checked) != (uint32_t)want) {
        kalah_fail(err, KALAH_EINVAL, (int)checked + 1, "the checksum does not match: the line is damaged");
        goto out;
    }
    long margin = strtol(f[5], &end, 10);
    char *slash = strchr(f[6], '/');
    if (!parse_u64(f[1], &rec->number) || !parse_time(f[2]) || !parse_name(f[3], rec->name[0]) ||
        !parse_name(f[4], rec->name[1]) ||
        (strcmp(f[5], "0") && ((f[5][0] != '+' && f[5][0] != '-') || margin == 0)) || *end ||
        margin < -KALAH_MAX_TOTAL || margin > KALAH_MAX_TOTAL ||
        !slash || !parse_count(f[6], slash, &rec->defaults[0]) ||
        !parse_count(slash + 1, slash + strlen(slash), &rec->defaults[1])) {
        st = kalah_fail(err, KALAH_ESYNTAX, 0, "a malformed field (number, time, names, margin or defaults)");
        goto out;
    }
    memcpy(rec->time, f[2], strlen(f[2]) + 1);
    rec->margin = (int)margin;
    if (strcmp(f[7], "-") && strcmp(f[7], "S") && strcmp(f[7], "N") && strcmp(f[7], "SN")) {
        st = kalah_fail(err, KALAH_ESYNTAX, 0, "who left is '%.8s', not -, S, N or SN", f[7]);
        goto out;
    }
    rec->left[0] = strchr(f[7], 'S') != NULL;
    rec->left[1] = strchr(f[7], 'N') != NULL;
    kalah_error gerr;
    if ((st = kalah_game_parse(f[8], &rec->game, &gerr)) != KALAH_OK) {
        kalah_fail(err, st, 0, "the game does not replay: %s", gerr.message);
        goto out;
    }
    st = KALAH_EINVAL;
    const kalah_pos *p = kalah_game_pos(&rec->game);
    if (!kalah_over(&rec->game.rules, p)) {
        kalah_fail(err, st, 0, "the game is not finished after %d moves", rec->game.played);
    } else if (kalah_margin(&rec->game.rules, p) != rec->margin) {
        kalah_fail(err, st, 0, "the replayed margin is %+d, the record says %+d",
                 kalah_margin(&rec->game.rules, p), rec->margin);
    } else if (rec->defaults[0] + rec->defaults[1] > rec->game.played) {
        kalah_fail(err, st, 0, "more default moves than moves");
    } else {
        st = KALAH_OK;
    }
out:
    if (st != KALAH_OK)
        kalah_game_free(&rec->game);
    free(copy);
    return st;
}
