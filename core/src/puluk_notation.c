/* The text forms of Pulúk's positions and moves (docs/puluk.md, "Notation"). */
#include "puluk_internal.h"
#include "kalah_internal.h"

#include <stdio.h>
#include <string.h>

int puluk_pos_format(const puluk_rules *r, const puluk_pos *p, char *buf, size_t size)
{
    char tmp[PULUK_TEXT_MAX];
    int n = puluk_rules_format(r, tmp, sizeof tmp);
    n += snprintf(tmp + n, sizeof tmp - (size_t)n, ":%c", p->to_move == PULUK_WHITE ? 'W' : 'B');
    if (p->thrown)
        n += snprintf(tmp + n, sizeof tmp - (size_t)n, "%d", p->thrown);
    n += snprintf(tmp + n, sizeof tmp - (size_t)n, ":%d", p->town[PULUK_WHITE]);
    for (int s = 1; s <= r->strips; s++) {
        tmp[n++] = ',';
        if (p->height[s] == 0)
            tmp[n++] = '-';
        for (int k = 0; k < p->height[s]; k++)
            tmp[n++] = (p->stack[s] >> k) & 1u ? 'b' : 'w';
    }
    snprintf(tmp + n, sizeof tmp - (size_t)n, ",%d", p->town[PULUK_BLACK]);
    return snprintf(buf, size, "%s", tmp);
}

kalah_status puluk_pos_parse(const char *text, puluk_rules *out_r, puluk_pos *out_p,
                             kalah_error *err)
{
    puluk_rules r;
    int n;
    kalah_status st = puluk_rules_parse_prefix(text, &r, &n, err);
    if (st != KALAH_OK)
        return st;
    const char *s = text + n;
#define COL ((int)(s - text) + 1)
    puluk_pos p = puluk_start(&r);
    if (*s == ':') {
        memset(&p, 0, sizeof p);
        s++;
        if (*s != 'W' && *s != 'B')
            return kalah_fail(err, KALAH_ESYNTAX, COL, "expected the side to move, W or B");
        p.to_move = *s++ == 'W' ? PULUK_WHITE : PULUK_BLACK;
        if (*s >= '0' && *s <= '9') {
            if (*s < '1' || *s > '5' || (s[1] >= '0' && s[1] <= '9'))
                return kalah_fail(err, KALAH_EINVAL, COL, "a throw is 1..5");
            p.thrown = (uint8_t)(*s++ - '0');
        }
        if (*s != ':')
            return kalah_fail(err, KALAH_ESYNTAX, COL,
                              "expected ':' and the board (or a throw 1..5 after the side)");
        s++;
        int v;
        if (!kalah_read_uint(&s, &v, r.pieces))
            return kalah_fail(err, KALAH_ESYNTAX, COL,
                              "expected the white pieces in White's town, 0..%d", r.pieces);
        p.town[PULUK_WHITE] = (uint8_t)v;
        for (int k = 1; k <= r.strips; k++) {
            if (*s != ',')
                return kalah_fail(err, KALAH_ESYNTAX, COL,
                                  "expected ',' and strip %d (the rules have %d strips between "
                                  "the towns)",
                                  k, r.strips);
            s++;
            if (*s == '-') {
                s++;
                continue;
            }
            int h = 0;
            unsigned bits = 0;
            while (*s == 'w' || *s == 'b') {
                if (h == 2 * r.pieces)
                    return kalah_fail(err, KALAH_EINVAL, COL,
                                      "strip %d: more than the %d pieces of both sides", k,
                                      2 * r.pieces);
                bits |= (unsigned)(*s++ == 'b') << h;
                h++;
            }
            if (h == 0)
                return kalah_fail(err, KALAH_ESYNTAX, COL,
                                  "expected strip %d: '-' when empty, else its pieces from the "
                                  "top down, w or b",
                                  k);
            p.stack[k] = (uint16_t)bits;
            p.height[k] = (uint8_t)h;
        }
        if (*s != ',')
            return kalah_fail(err, KALAH_ESYNTAX, COL,
                              *s == 'w' || *s == 'b' ? "expected w or b (a piece) or ','"
                                                     : "expected ',' and the black pieces in "
                                                       "Black's town");
        s++;
        if (!kalah_read_uint(&s, &v, r.pieces))
            return kalah_fail(err, KALAH_ESYNTAX, COL,
                              *s == 'w' || *s == 'b' || *s == '-'
                                  ? "too many strips: the rules have %d between the towns"
                                  : "expected the black pieces in Black's town, 0..%d",
                              *s == 'w' || *s == 'b' || *s == '-' ? r.strips : r.pieces);
        p.town[PULUK_BLACK] = (uint8_t)v;
        if (*s == ',')
            return kalah_fail(err, KALAH_ESYNTAX, COL,
                              "too many strips: the rules have %d between the towns", r.strips);
        if (*s != '\0')
            return kalah_fail(err, KALAH_ESYNTAX, COL, "unexpected text after the position");
        if ((st = puluk_pos_check(&r, &p, err)) != KALAH_OK)
            return st;
    } else if (*s != '\0') {
        return kalah_fail(err, KALAH_ESYNTAX, COL, "expected ':' and the side to move");
    }
#undef COL
    *out_r = r;
    *out_p = p;
    return KALAH_OK;
}

int puluk_move_format(const puluk_rules *r, const puluk_pos *p, int from, char *buf,
                      size_t size)
{
    if (from == puluk_town_square(r, p->to_move))
        return snprintf(buf, size, "h");
    return snprintf(buf, size, "%d", from);
}

kalah_status puluk_move_parse(const puluk_rules *r, const puluk_pos *p, const char *text,
                              int *from, kalah_error *err)
{
    int home = puluk_town_square(r, p->to_move);
    if (strcmp(text, "h") == 0 || strcmp(text, "home") == 0 || strcmp(text, "town") == 0) {
        *from = home;
        return KALAH_OK;
    }
    const char *s = text;
    int v;
    if (kalah_read_uint(&s, &v, r->strips + 1) && *s == '\0') {
        if (v >= 1 && v <= r->strips) {
            *from = v;
            return KALAH_OK;
        }
        if (v == home) {
            *from = home;
            return KALAH_OK;
        }
    }
    return kalah_fail(err, KALAH_ESYNTAX, 1,
                      "'%.40s' is not a move: a strip 1..%d, or h for a piece from the town",
                      text, r->strips);
}
