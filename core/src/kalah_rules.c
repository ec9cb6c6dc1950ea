/* Rule sets: defaults, validation, and their text form. */
#include "kalah.h"
#include "kalah_internal.h"

#include <stdio.h>
#include <string.h>

kalah_rules kalah_rules_default(void)
{
    return (kalah_rules){.pits = 6, .stones = 6, .variant = KALAH_STANDARD,
                         .end = KALAH_END_EITHER_EMPTY};
}

kalah_rules kalah_rules_relay(int pits, int stones)
{
    return (kalah_rules){.pits = pits, .stones = stones, .variant = KALAH_RELAY,
                         .end = KALAH_END_MOVER_EMPTY, .stop_when_decided = true};
}

kalah_status kalah_rules_check(const kalah_rules *r, kalah_error *err)
{
    if (r->pits < 1 || r->pits > KALAH_MAX_PITS)
        return kalah_fail(err, KALAH_EINVAL, 0, "pits per side must be 1..%d, not %d",
                          KALAH_MAX_PITS, r->pits);
    if (r->stones < 1 || r->stones > KALAH_MAX_STONES)
        return kalah_fail(err, KALAH_EINVAL, 0, "stones per pit must be 1..%d, not %d",
                          KALAH_MAX_STONES, r->stones);
    if (r->variant != KALAH_STANDARD && r->variant != KALAH_RELAY)
        return kalah_fail(err, KALAH_EINVAL, 0, "unknown rule variant %d", (int)r->variant);
    if (r->end != KALAH_END_EITHER_EMPTY && r->end != KALAH_END_MOVER_EMPTY)
        return kalah_fail(err, KALAH_EINVAL, 0, "unknown end rule %d", (int)r->end);
    if (r->variant == KALAH_RELAY &&
        (r->empty_capture || r->end != KALAH_END_MOVER_EMPTY || !r->stop_when_decided))
        return kalah_fail(err, KALAH_EINVAL, 0,
                          "relay Kalah has fixed end rules and no empty capture");
    return KALAH_OK;
}

int kalah_rules_total(const kalah_rules *r)
{
    return 2 * r->pits * r->stones;
}

bool kalah_rules_same(const kalah_rules *a, const kalah_rules *b)
{
    return a->pits == b->pits && a->stones == b->stones && a->variant == b->variant &&
           a->empty_capture == b->empty_capture && a->end == b->end &&
           a->stop_when_decided == b->stop_when_decided;
}

/* The options of the standard variant, in the order they are written. */
static const char *const option_names[] = {"empty", "mover", "decided"};
enum { N_OPTIONS = sizeof option_names / sizeof option_names[0] };

static bool option_on(const kalah_rules *r, int i)
{
    return i == 0 ? r->empty_capture
         : i == 1 ? r->end == KALAH_END_MOVER_EMPTY
                  : r->stop_when_decided;
}

static void option_set(kalah_rules *r, int i)
{
    if (i == 0)
        r->empty_capture = true;
    else if (i == 1)
        r->end = KALAH_END_MOVER_EMPTY;
    else
        r->stop_when_decided = true;
}

int kalah_rules_format(const kalah_rules *r, char *buf, size_t size)
{
    char tmp[KALAH_TEXT_MAX];
    int n = snprintf(tmp, sizeof tmp, "%s-%d-%d",
                     r->variant == KALAH_RELAY ? "relay" : "kalah", r->pits, r->stones);
    if (r->variant == KALAH_STANDARD)
        for (int i = 0; i < N_OPTIONS; i++)
            if (option_on(r, i))
                n += snprintf(tmp + n, sizeof tmp - (size_t)n, "+%s", option_names[i]);
    return snprintf(buf, size, "%s", tmp);
}

/* Parses RULES at the start of text, stopping at end, ':' or a space;
 * *used gets the number of characters taken. Columns in errors count from
 * 1 at text. */
kalah_status kalah_rules_parse_prefix(const char *text, kalah_rules *out,
                                      int *used, kalah_error *err)
{
    const char *s = text;
    kalah_rules r;
    if (strncmp(s, "kalah", 5) == 0) {
        r = kalah_rules_default();
        s += 5;
    } else if (strncmp(s, "relay", 5) == 0) {
        r = kalah_rules_relay(6, 6);
        s += 5;
    } else {
        return kalah_fail(err, KALAH_ESYNTAX, 1, "expected the rules' name, 'kalah' or 'relay'");
    }
    if (*s == '-') {
        int *field[2] = {&r.pits, &r.stones};
        for (int k = 0; k < 2; k++) {
            if (*s != '-')
                return kalah_fail(err, KALAH_ESYNTAX, 1 + (int)(s - text),
                                  "expected '-' and the number of stones per pit");
            s++;
            const char *at = s;
            if (!kalah_read_uint(&s, field[k], 99))
                return kalah_fail(err, KALAH_ESYNTAX, 1 + (int)(at - text),
                                  k == 0 ? "expected the number of pits per side"
                                         : "expected the number of stones per pit");
        }
    }
    while (*s == '+') {
        const char *at = ++s;
        size_t len = strcspn(s, "+: \t\n");
        int i = 0;
        while (i < N_OPTIONS &&
               !(strlen(option_names[i]) == len && strncmp(s, option_names[i], len) == 0))
            i++;
        if (i == N_OPTIONS)
            return kalah_fail(err, KALAH_ESYNTAX, 1 + (int)(at - text),
                              "unknown rule option (expected empty, mover or decided)");
        if (r.variant == KALAH_RELAY)
            return kalah_fail(err, KALAH_ESYNTAX, 1 + (int)(at - text),
                              "relay Kalah takes no options");
        option_set(&r, i);
        s += len;
    }
    if (*s != '\0' && *s != ':' && *s != ' ')
        return kalah_fail(err, KALAH_ESYNTAX, 1 + (int)(s - text),
                          "unexpected character after the rules");
    kalah_error range;
    if (kalah_rules_check(&r, &range) != KALAH_OK)
        return kalah_fail(err, KALAH_EINVAL, 1, "%s", range.message);
    *out = r;
    *used = (int)(s - text);
    return KALAH_OK;
}

kalah_status kalah_rules_parse(const char *text, kalah_rules *r, kalah_error *err)
{
    int used;
    kalah_rules tmp;
    kalah_status st = kalah_rules_parse_prefix(text, &tmp, &used, err);
    if (st != KALAH_OK)
        return st;
    if (text[used] != '\0')
        return kalah_fail(err, KALAH_ESYNTAX, used + 1, "unexpected text after the rules");
    *r = tmp;
    return KALAH_OK;
}
