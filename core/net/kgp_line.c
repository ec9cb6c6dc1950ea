/* KGP messages and boards: parsing and formatting, without any I/O. */
#include "kgp_internal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void kgp_clean_name(const char *in, char out[KGP_NAME_MAX + 1])
{
    size_t n = 0;
    for (; in && *in && n < KGP_NAME_MAX; in++) {
        unsigned char c = (unsigned char)*in;
        out[n++] = (c > ' ' && c < 0x7f) ? (char)c : (c == ' ' ? '_' : '?');
    }
    if (n == 0)
        out[n++] = '?';
    out[n] = '\0';
}

bool kgp_write_all(int fd, const char *buf, size_t n)
{
    while (n > 0) {
        ssize_t w = write(fd, buf, n);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            return false;
        }
        buf += w;
        n -= (size_t)w;
    }
    return true;
}

static bool is_digit(char c) { return c >= '0' && c <= '9'; }
static bool is_alnum(char c)
{
    return is_digit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
static bool is_blank(char c) { return c == ' ' || c == '\t'; }

/* Reads up to 18 digits at *i into *out. */
static kalah_status read_id(const char *s, size_t *i, uint64_t *out, kalah_error *err)
{
    size_t start = *i;
    uint64_t v = 0;
    while (is_digit(s[*i])) {
        if (*i - start == 18)
            return kalah_fail(err, KALAH_EINVAL, (int)start + 1, "an id longer than 18 digits");
        v = v * 10 + (uint64_t)(s[(*i)++] - '0');
    }
    if (*i == start)
        return kalah_fail(err, KALAH_ESYNTAX, (int)start + 1, "a digit expected after '@'");
    *out = v;
    return KALAH_OK;
}

/* A bare token: integer, real or word. */
static kalah_status classify(kgp_arg *a, int col, kalah_error *err)
{
    const char *t = a->text;
    size_t k = (t[0] == '+' || t[0] == '-') ? 1 : 0;
    size_t digits = 0, after_point = 0;
    bool point = false, other = false;
    for (size_t j = k; t[j]; j++) {
        if (is_digit(t[j]))
            point ? after_point++ : digits++;
        else if (t[j] == '.' && !point)
            point = true;
        else
            other = true;
    }
    if (!other && !point && digits > 0) {
        if (digits > 18)
            return kalah_fail(err, KALAH_EINVAL, col, "an integer longer than 18 digits");
        a->type = KGP_INT;
        a->integer = strtoll(t, NULL, 10);
        a->real = (double)a->integer;
        return KALAH_OK;
    }
    if (!other && point && after_point > 0) {
        a->type = KGP_REAL;
        a->real = strtod(t, NULL);
        return KALAH_OK;
    }
    for (size_t j = 0; t[j]; j++)
        if (!is_alnum(t[j]) && t[j] != '-' && t[j] != ':')
            return kalah_fail(err, KALAH_ESYNTAX, col + (int)j, "unexpected character '%c'", t[j]);
    a->type = KGP_WORD;
    return KALAH_OK;
}

kalah_status kgp_parse(const char *line, size_t len, kgp_msg *m, kalah_error *err)
{
    while (len > 0 && (line[len - 1] == '\r' || is_blank(line[len - 1])))
        len--;
    if (len >= sizeof m->buf)
        return kalah_fail(err, KALAH_EINVAL, 0, "a line longer than %d characters", KGP_LINE_MAX);
    for (size_t j = 0; j < len; j++)
        if (line[j] == '\0' || line[j] == '\n' || line[j] == '\r')
            return kalah_fail(err, KALAH_ESYNTAX, (int)j + 1, "a control character in the line");
    char *s = m->buf;
    memcpy(s, line, len);
    s[len] = '\0';
    m->has_id = m->has_ref = false;
    m->id = m->ref = 0;
    m->argc = 0;
    size_t i = 0;
    while (is_blank(s[i]))
        i++;
    kalah_status st;
    if (is_digit(s[i])) {
        if ((st = read_id(s, &i, &m->id, err)) != KALAH_OK)
            return st;
        m->has_id = true;
    }
    if (s[i] == '@') {
        i++;
        if ((st = read_id(s, &i, &m->ref, err)) != KALAH_OK)
            return st;
        m->has_ref = true;
    }
    if ((m->has_id || m->has_ref) && !is_blank(s[i]))
        return kalah_fail(err, KALAH_ESYNTAX, (int)i + 1, "a space expected after the id");
    while (is_blank(s[i]))
        i++;
    size_t n = 0;
    while (is_alnum(s[i])) {
        if (n == sizeof m->name - 1)
            return kalah_fail(err, KALAH_EINVAL, (int)i + 1, "a command name longer than 32");
        m->name[n++] = s[i++];
    }
    m->name[n] = '\0';
    if (n == 0)
        return kalah_fail(err, KALAH_ESYNTAX, (int)i + 1,
                        s[i] ? "a command name expected" : "an empty command");
    bool sep = false; /* the blank after the last token was consumed */
    while (s[i]) {
        if (!sep && !is_blank(s[i]))
            return kalah_fail(err, KALAH_ESYNTAX, (int)i + 1, "a space expected before an argument");
        sep = false;
        while (is_blank(s[i]))
            i++;
        if (!s[i])
            break;
        if (m->argc == KGP_MAX_ARGS)
            return kalah_fail(err, KALAH_EINVAL, (int)i + 1, "more than %d arguments",
                            KGP_MAX_ARGS);
        kgp_arg *a = &m->argv[m->argc++];
        int col = (int)i + 1;
        if (s[i] == '"') {
            /* Unescape in place: the text only shrinks. */
            size_t w = ++i;
            a->type = KGP_STRING;
            a->text = s + w;
            for (;;) {
                if (!s[i])
                    return kalah_fail(err, KALAH_ESYNTAX, col, "a string without its closing quote");
                if (s[i] == '"')
                    break;
                if (s[i] == '\\') {
                    if (!s[++i])
                        return kalah_fail(err, KALAH_ESYNTAX, (int)i, "a backslash at the end");
                }
                s[w++] = s[i++];
            }
            i++; /* the closing quote */
            if (s[i] && !is_blank(s[i]))
                return kalah_fail(err, KALAH_ESYNTAX, (int)i + 1, "a space expected after a string");
            s[w] = '\0';
            if (s[i]) {
                i++;
                sep = true;
            }
        } else if (s[i] == '<') {
            a->type = KGP_BOARD;
            a->text = s + i;
            size_t j = i + 1;
            while (is_digit(s[j]) || s[j] == ',')
                j++;
            if (s[j] != '>')
                return kalah_fail(err, KALAH_ESYNTAX, (int)j + 1, "a board without its closing '>'");
            i = j + 1;
            if (s[i] && !is_blank(s[i]))
                return kalah_fail(err, KALAH_ESYNTAX, (int)i + 1, "a space expected after a board");
            if (s[i]) {
                s[i++] = '\0';
                sep = true;
            }
        } else {
            a->text = s + i;
            while (s[i] && !is_blank(s[i]))
                i++;
            if (s[i]) {
                s[i++] = '\0';
                sep = true;
            }
            if ((st = classify(a, col, err)) != KALAH_OK)
                return st;
        }
        a->integer = a->type == KGP_INT ? a->integer : 0;
        if (a->type != KGP_INT && a->type != KGP_REAL)
            a->real = 0;
    }
    return KALAH_OK;
}

int kgp_quote(const char *s, char *buf, size_t size)
{
    size_t n = 0;
    /* Writes c when there is room, counting it either way. */
#define PUT(c)                                                                                    \
    do {                                                                                          \
        if (n + 1 < size)                                                                         \
            buf[n] = (c);                                                                         \
        n++;                                                                                      \
    } while (0)
    PUT('"');
    for (; s && *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            PUT('\\');
        PUT(c < ' ' || c == 0x7f ? ' ' : (char)c);
    }
    PUT('"');
#undef PUT
    if (size)
        buf[n < size ? n : size - 1] = '\0';
    return (int)n;
}

/* ---- boards ---------------------------------------------------------------- */

kalah_rules kgp_rules(int pits, int stones)
{
    kalah_rules r = kalah_rules_default();
    r.pits = pits;
    r.stones = stones;
    r.stop_when_decided = true;
    return r;
}

kalah_status kgp_board_parse(const char *text, kalah_rules *r, kalah_pos *p, kalah_error *err)
{
    int v[3 + 2 * KALAH_MAX_PITS];
    int count = 0;
    const char *s = text;
    if (*s++ != '<')
        return kalah_fail(err, KALAH_ESYNTAX, 1, "a board starts with '<'");
    for (;;) {
        const char *start = s;
        long x = 0;
        while (is_digit(*s)) {
            x = x * 10 + (*s++ - '0');
            if (x > KALAH_MAX_TOTAL)
                return kalah_fail(err, KALAH_EINVAL, (int)(start - text) + 1,
                                "a board number above %d", KALAH_MAX_TOTAL);
        }
        if (s == start)
            return kalah_fail(err, KALAH_ESYNTAX, (int)(s - text) + 1, "a number expected");
        if (count == 0 && (x < 1 || x > KALAH_MAX_PITS))
            return kalah_fail(err, KALAH_EINVAL, 2, "a board of %ld pits a side (this engine plays 1..%d)",
                            x, KALAH_MAX_PITS);
        if (count > 0 && count == 3 + 2 * v[0])
            return kalah_fail(err, KALAH_EINVAL, (int)(start - text) + 1,
                            "more numbers than a board of %d pits has", v[0]);
        v[count++] = (int)x;
        if (*s == ',') {
            s++;
            continue;
        }
        if (*s == '>' && s[1] == '\0')
            break;
        return kalah_fail(err, KALAH_ESYNTAX, (int)(s - text) + 1, "',' or a final '>' expected");
    }
    int m = v[0];
    if (count != 3 + 2 * m)
        return kalah_fail(err, KALAH_EINVAL, (int)(s - text) + 1,
                        "a board of %d pits needs %d numbers, not %d", m, 3 + 2 * m, count);
    kalah_pos q;
    memset(&q, 0, sizeof q);
    int total = 0;
    for (int side = 0; side < 2; side++) {
        q.store[side] = (uint16_t)v[1 + side];
        for (int i = 0; i < m && i < KALAH_MAX_PITS; i++) /* m <= KALAH_MAX_PITS, as read */
            q.pit[side][i] = (uint16_t)v[3 + side * m + i];
    }
    for (int k = 1; k < count; k++)
        total += v[k];
    if (total % (2 * m) != 0 || total / (2 * m) < 1 || total / (2 * m) > KALAH_MAX_STONES)
        return kalah_fail(err, KALAH_EINVAL, 0,
                        "%d stones are not 2 x %d pits x 1..%d stones a pit", total, m,
                        KALAH_MAX_STONES);
    kalah_rules rules = kgp_rules(m, total / (2 * m));
    q.to_move = KALAH_SOUTH;
    if (kalah_over(&rules, &q))
        return kalah_fail(err, KALAH_EINVAL, 0, "the game on this board is over");
    *r = rules;
    *p = q;
    return KALAH_OK;
}

int kgp_board_format(const kalah_rules *r, const kalah_pos *p, char *buf, size_t size)
{
    int me = p->to_move, them = 1 - me;
    int n = snprintf(buf, size, "<%d,%d,%d", r->pits, p->store[me], p->store[them]);
    for (int side = 0; side < 2; side++)
        for (int i = 0; i < r->pits; i++) {
            size_t used = (size_t)n < size ? (size_t)n : size;
            n += snprintf(buf ? buf + used : NULL, buf ? size - used : 0, ",%d",
                          p->pit[side == 0 ? me : them][i]);
        }
    size_t used = (size_t)n < size ? (size_t)n : size;
    n += snprintf(buf ? buf + used : NULL, buf ? size - used : 0, ">");
    return n;
}
