/* Pulúk's rule sets: defaults, validation, throws, and their text form. */
#include "puluk.h"
#include "kalah_internal.h"
#include "puluk_internal.h"

#include <stdio.h>
#include <string.h>

puluk_rules puluk_rules_default(void)
{
    return (puluk_rules){.strips = PULUK_MAX_STRIPS, .pieces = PULUK_MAX_PIECES,
                         .release = PULUK_RELEASE_HOME, .count = PULUK_COUNT_MARKED,
                         .bias = 50};
}

kalah_status puluk_rules_check(const puluk_rules *r, kalah_error *err)
{
    if (r->strips < 1 || r->strips > PULUK_MAX_STRIPS)
        return kalah_fail(err, KALAH_EINVAL, 0, "strips between the towns must be 1..%d, not %d",
                          PULUK_MAX_STRIPS, r->strips);
    if (r->pieces < 1 || r->pieces > PULUK_MAX_PIECES)
        return kalah_fail(err, KALAH_EINVAL, 0, "pieces a side must be 1..%d, not %d",
                          PULUK_MAX_PIECES, r->pieces);
    if (r->release != PULUK_RELEASE_HOME && r->release != PULUK_RELEASE_STAY &&
        r->release != PULUK_RELEASE_TOWN)
        return kalah_fail(err, KALAH_EINVAL, 0, "unknown release rule %d", (int)r->release);
    if (r->count != PULUK_COUNT_MARKED && r->count != PULUK_COUNT_BLANK)
        return kalah_fail(err, KALAH_EINVAL, 0, "unknown count of the throw %d", (int)r->count);
    if (r->bias < 1 || r->bias > 99)
        return kalah_fail(err, KALAH_EINVAL, 0,
                          "the kernels' bias must be 1..99 (percent marked side up), not %d",
                          r->bias);
    return KALAH_OK;
}

/* The chance that a kernel shows the side that counts. */
static double counted_side(const puluk_rules *r)
{
    double marked = r->bias / 100.0;
    return r->count == PULUK_COUNT_MARKED ? marked : 1 - marked;
}

void puluk_throw_probs(const puluk_rules *r, double prob[PULUK_MAX_THROW + 1])
{
    /* k counted sides up of four: binomial; none up scores 5. */
    static const int choose4[5] = {1, 4, 6, 4, 1};
    double q = counted_side(r);
    prob[0] = 0;
    for (int k = 1; k <= PULUK_KERNELS; k++) {
        double v = choose4[k];
        for (int i = 0; i < k; i++)
            v *= q;
        for (int i = k; i < PULUK_KERNELS; i++)
            v *= 1 - q;
        prob[k] = v;
    }
    double none = 1;
    for (int i = 0; i < PULUK_KERNELS; i++)
        none *= 1 - q;
    prob[PULUK_MAX_THROW] = none;
}

int puluk_throw_of(const puluk_rules *r, unsigned marked)
{
    int up = 0;
    for (int k = 0; k < PULUK_KERNELS; k++)
        up += (marked >> k) & 1u;
    int counted = r->count == PULUK_COUNT_MARKED ? up : PULUK_KERNELS - up;
    return counted ? counted : PULUK_MAX_THROW;
}

int puluk_throw_random(const puluk_rules *r, kalah_rng *rng)
{
    unsigned marked = 0;
    for (int k = 0; k < PULUK_KERNELS; k++)
        if (kalah_rng_below(rng, 100) < r->bias)
            marked |= 1u << k;
    return puluk_throw_of(r, marked);
}

/* ---- text ------------------------------------------------------------------ */

int puluk_rules_format(const puluk_rules *r, char *buf, size_t size)
{
    char tmp[PULUK_TEXT_MAX];
    int n = snprintf(tmp, sizeof tmp, "puluk-%d-%d", r->strips, r->pieces);
    if (r->release == PULUK_RELEASE_STAY)
        n += snprintf(tmp + n, sizeof tmp - (size_t)n, "+skiryuk");
    else if (r->release == PULUK_RELEASE_TOWN)
        n += snprintf(tmp + n, sizeof tmp - (size_t)n, "+english");
    if (r->count == PULUK_COUNT_BLANK)
        n += snprintf(tmp + n, sizeof tmp - (size_t)n, "+blank");
    if (r->bias != 50)
        n += snprintf(tmp + n, sizeof tmp - (size_t)n, "+bias=%d", r->bias);
    return snprintf(buf, size, "%s", tmp);
}

/* Rules at the start of text, up to the end, ':' or a space; *used gets
 * the characters taken. */
kalah_status puluk_rules_parse_prefix(const char *text, puluk_rules *out, int *used,
                                      kalah_error *err)
{
    puluk_rules r = puluk_rules_default();
    const char *s = text;
#define COL ((int)(s - text) + 1)
    if (strncmp(s, "puluk", 5) != 0)
        return kalah_fail(err, KALAH_ESYNTAX, COL, "expected 'puluk' (the rules)");
    s += 5;
    if (*s == '-') {
        s++;
        const char *at = s;
        if (!kalah_read_uint(&s, &r.strips, 99) || r.strips < 1 || r.strips > PULUK_MAX_STRIPS)
            return kalah_fail(err, KALAH_ESYNTAX, (int)(at - text) + 1,
                              "expected the strips between the towns, 1..%d", PULUK_MAX_STRIPS);
        if (*s != '-')
            return kalah_fail(err, KALAH_ESYNTAX, COL, "expected '-' and the pieces a side");
        s++;
        at = s;
        if (!kalah_read_uint(&s, &r.pieces, 99) || r.pieces < 1 || r.pieces > PULUK_MAX_PIECES)
            return kalah_fail(err, KALAH_ESYNTAX, (int)(at - text) + 1,
                              "expected the pieces a side, 1..%d",
                              PULUK_MAX_PIECES);
    }
    bool release = false, count = false, bias = false;
    while (*s == '+') {
        s++;
        const char *word = s;
        size_t n = strcspn(s, "+: =");
        if (n == 7 && (strncmp(word, "skiryuk", 7) == 0 || strncmp(word, "english", 7) == 0)) {
            if (release)
                return kalah_fail(err, KALAH_ESYNTAX, COL, "a second release rule");
            release = true;
            r.release = word[0] == 's' ? PULUK_RELEASE_STAY : PULUK_RELEASE_TOWN;
            s += n;
        } else if (n == 5 && strncmp(word, "blank", 5) == 0) {
            if (count)
                return kalah_fail(err, KALAH_ESYNTAX, COL, "'blank' twice");
            count = true;
            r.count = PULUK_COUNT_BLANK;
            s += n;
        } else if (n == 4 && strncmp(word, "bias", 4) == 0 && word[4] == '=') {
            if (bias)
                return kalah_fail(err, KALAH_ESYNTAX, COL, "'bias' twice");
            bias = true;
            s += 5;
            const char *at = s;
            if (!kalah_read_uint(&s, &r.bias, 999) || r.bias < 1 || r.bias > 99)
                return kalah_fail(err, KALAH_ESYNTAX, (int)(at - text) + 1,
                                  "expected the percent of kernels marked side up, 1..99");
        } else {
            return kalah_fail(err, KALAH_ESYNTAX, COL,
                              "unknown rule option (skiryuk, english, blank or bias=N)");
        }
    }
    if (*s != '\0' && *s != ':' && *s != ' ')
        return kalah_fail(err, KALAH_ESYNTAX, COL, "expected '+' and a rule option, or ':'");
#undef COL
    *out = r;
    *used = (int)(s - text);
    return KALAH_OK;
}

kalah_status puluk_rules_parse(const char *text, puluk_rules *r, kalah_error *err)
{
    puluk_rules tmp;
    int used;
    kalah_status st = puluk_rules_parse_prefix(text, &tmp, &used, err);
    if (st != KALAH_OK)
        return st;
    if (text[used] != '\0')
        return kalah_fail(err, KALAH_ESYNTAX, used + 1, "unexpected text after the rules");
    *r = tmp;
    return KALAH_OK;
}
