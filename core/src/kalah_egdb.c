/*
 * The endgame database: the exact gain of the side to move for every
 * placement of up to K stones in the pits, built level by level (stones in
 * play), saved to and mapped from the file of docs/egdb.md.
 */
#define _GNU_SOURCE /* MADV_HUGEPAGE */
#include "kalah_file.h"
#include "kalah_solve_internal.h"
#include "kalah_solve_move.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define UNKNOWN INT8_MIN
#define HEADER KALAH_EGDB_HEADER
static const char MAGIC[8] = {'K', '6', '1', 'E', 'G', 'D', 'B', '\n'};
enum { VERSION = 1 };

bool kalah_egdb_applies(const kalah_rules *r)
{
    return r->variant == KALAH_STANDARD && !r->stop_when_decided;
}

bool kalah_egdb_serves(const kalah_rules *db, const kalah_rules *r)
{
    return kalah_egdb_applies(r) && db->pits == r->pits && db->variant == r->variant &&
           db->empty_capture == r->empty_capture && db->end == r->end;
}

uint64_t kalah_egdb_positions(const kalah_rules *r, int max_stones)
{
    uint64_t n = kalah_binom(max_stones + 2 * r->pits, 2 * r->pits);
    return n > (UINT64_MAX >> 1) ? 0 : n;
}

/* 64-bit words, little-endian, zero-padded: h = (h ^ w) * FNV prime. Every
 * single changed word changes the result (both steps are bijections). A
 * piece at a time (kalah_egdb_sum_*: the build over MPI appends a level at
 * a time), the same as in one go. */
void kalah_egdb_sum_init(kalah_egdb_sum *s)
{
    *s = (kalah_egdb_sum){.h = 0xCBF29CE484222325u};
}

void kalah_egdb_sum_add(kalah_egdb_sum *s, const void *data, uint64_t n)
{
    const uint8_t *d = data;
    uint64_t h = s->h, i = 0;
    for (; i < n && s->n % 8 != 0; i++, s->n++) /* the word begun before */
        s->tail |= (uint64_t)d[i] << (8 * (s->n % 8));
    if (s->n % 8 == 0 && s->n > 0 && i > 0) {
        h = (h ^ s->tail) * 0x100000001B3u;
        s->tail = 0;
    }
    for (; i + 8 <= n; i += 8, s->n += 8) {
        uint64_t w;
        memcpy(&w, d + i, 8); /* the machines we build for are little-endian */
        h = (h ^ w) * 0x100000001B3u;
    }
    for (; i < n; i++, s->n++)
        s->tail |= (uint64_t)d[i] << (8 * (s->n % 8));
    s->h = h;
}

uint64_t kalah_egdb_sum_value(const kalah_egdb_sum *s)
{
    return (s->h ^ s->tail ^ s->n) * 0x100000001B3u;
}

static uint64_t checksum(const uint8_t *d, uint64_t n)
{
    kalah_egdb_sum s;
    kalah_egdb_sum_init(&s);
    kalah_egdb_sum_add(&s, d, n);
    return kalah_egdb_sum_value(&s);
}

void *kalah_huge_alloc(uint64_t n)
{
    const size_t huge = (size_t)2 << 20;
    size_t size = ((size_t)n + huge - 1) & ~(huge - 1);
    void *m = NULL;
    if (size == 0 || posix_memalign(&m, huge, size) != 0)
        return NULL;
#ifdef MADV_HUGEPAGE
    madvise(m, size, MADV_HUGEPAGE);
#endif
    return m;
}

/* ---- building ----------------------------------------------------------------- */

typedef struct build {
    kalah_rules r;
    int P, K;
    atomic_schar *v;
    _Atomic uint64_t done;
    _Atomic int cancel;
    kalah_egdb_progress_fn progress;
    void *ctx;
    uint64_t total;
    int level;
} build;

/* Builders take alternate blocks of this many consecutive indices: one
 * builder writes a block's bytes (no cache line shared at the seams but
 * one) and reads them in order. */
enum { BLOCK_BITS = 14 };

/* Placements are solved BATCH at a time: every child of the batch is asked
 * for before any is read, so that the random reads overlap. */
enum { BATCH = 8 };

/* A placement being solved: its children, asked for. */
typedef struct pending {
    uint64_t idx;
    int n;      /* children; -1: the game is over, value in best */
    int best;
    struct {
        kalah_rel c;
        uint64_t idx;
        int gain;
        bool ended, same;
    } ch[KALAH_MAX_PITS];
} pending;

typedef struct builder {
    build *b;
    int id, threads;
    uint64_t next;  /* the index of the next placement enumerated */
    uint64_t block; /* the block of 2^BLOCK_BITS indices of next, and */
    bool mine;      /* whether this builder solves that block */
    uint64_t local; /* done, not yet added to b->done */
    int queued;     /* placements in batch */
    uint8_t batch[BATCH][2 * KALAH_MAX_PITS];
    uint64_t batch_idx[BATCH];
} builder;

static int solve(build *b, const uint8_t *a, uint64_t idx);

/* Fills x for the placement a (mover-relative, bytes past the board 0) of
 * index idx: the game's end, or its children, each asked for. */
static void expand(build *b, const uint8_t *a, uint64_t idx, pending *x)
{
    const int m = b->r.pits;
    kalah_rel p;
    memcpy(p.a, a, sizeof p.a);
    p.store[0] = p.store[1] = 0;
    p.side[0] = p.side[1] = 0;
    for (int i = 0; i < m; i++) {
        p.side[0] += a[i];
        p.side[1] += a[m + i];
    }
    x->idx = idx;
    /* Only an empty side can end a game of the rules served (no
     * "decided"): the rules' own test then. */
    if (p.side[0] == 0 || p.side[1] == 0) {
        const kalah_pos q = kalah_rel_pos(&b->r, a);
        if (kalah_over(&b->r, &q)) {
            x->n = -1;
            x->best = kalah_margin(&b->r, &q);
            return;
        }
    }
    int n = 0;
    for (int i = 0; i < m; i++) {
        if (p.a[i] == 0)
            continue;
        kalah_rel_info info;
        kalah_rel_move(&b->r, &p, i, &x->ch[n].c, &info);
        x->ch[n].gain = info.gain;
        x->ch[n].ended = info.ended;
        x->ch[n].same = info.same;
        if (!info.ended) {
            x->ch[n].idx = kalah_placement_index(x->ch[n].c.a, b->P);
            __builtin_prefetch(&b->v[x->ch[n].idx]);
        }
        n++;
    }
    x->n = n;
}

/* The value of x from its children's, solving those not known yet; stored.
 * Children with fewer stones in play are known; those with as many are
 * solved first, and cannot lead back here: a move that puts nothing in a
 * store moves the mover's stones strictly towards its store. */
static int finish(build *b, pending *x)
{
    int best = x->best;
    if (x->n >= 0) {
        best = -1000;
        for (int k = 0; k < x->n; k++) {
            int v = x->ch[k].gain;
            if (!x->ch[k].ended) {
                int g = atomic_load_explicit(&b->v[x->ch[k].idx], memory_order_relaxed);
                if (g == UNKNOWN)
                    g = solve(b, x->ch[k].c.a, x->ch[k].idx);
                v = x->ch[k].same ? v + g : v - g;
            }
            if (v > best)
                best = v;
        }
    }
    atomic_store_explicit(&b->v[x->idx], (signed char)best, memory_order_relaxed);
    return best;
}

/* The gain of the side to move in the placement a of index idx: from the
 * table, or solved now from its children. */
static int solve(build *b, const uint8_t *a, uint64_t idx)
{
    int known = atomic_load_explicit(&b->v[idx], memory_order_relaxed);
    if (known != UNKNOWN)
        return known;
    pending x;
    expand(b, a, idx, &x);
    return finish(b, &x);
}

/* Solves the placements queued in w, all children asked for first. */
static void flush(builder *w)
{
    build *b = w->b;
    pending x[BATCH];
    int n = 0;
    for (int i = 0; i < w->queued; i++)
        if (atomic_load_explicit(&b->v[w->batch_idx[i]], memory_order_relaxed) == UNKNOWN)
            expand(b, w->batch[i], w->batch_idx[i], &x[n++]);
    for (int i = 0; i < n; i++)
        /* Solved meanwhile as a child of an earlier one: the same value. */
        if (atomic_load_explicit(&b->v[x[i].idx], memory_order_relaxed) == UNKNOWN)
            finish(b, &x[i]);
    w->local += (uint64_t)w->queued;
    w->queued = 0;
    if (w->local >= 1u << 16) {
        uint64_t done = atomic_fetch_add(&b->done, w->local) + w->local;
        w->local = 0;
        if (w->id == 0 && b->progress && !b->progress(b->level, b->K, done, b->total, b->ctx))
            atomic_store(&b->cancel, 1);
    }
}

/* Every placement of left stones in pits 0..i, after a[i+1..P-1], in the
 * order of their indices (docs/egdb.md: a higher pit holding fewer stones
 * comes later, so a[i] counts down, and pit 0 takes what is left); this
 * builder queues the placements of its blocks. */
static void enumerate(builder *w, uint8_t *a, int i, int left)
{
    build *b = w->b;
    if (i == 0) {
        a[0] = (uint8_t)left;
        uint64_t idx = w->next++;
        if (idx >> BLOCK_BITS != w->block) {
            w->block = idx >> BLOCK_BITS;
            w->mine = w->block % (uint64_t)w->threads == (uint64_t)w->id;
        }
        if (!w->mine)
            return;
        memcpy(w->batch[w->queued], a, sizeof w->batch[0]);
        w->batch_idx[w->queued] = idx;
        if (++w->queued == BATCH)
            flush(w);
        return;
    }
    for (int k = left; k >= 0 && !atomic_load_explicit(&b->cancel, memory_order_relaxed); k--) {
        a[i] = (uint8_t)k;
        enumerate(w, a, i - 1, left - k);
    }
}

static void *level_thread(void *arg)
{
    builder *w = arg;
    build *b = w->b;
    uint8_t a[2 * KALAH_MAX_PITS] = {0};
    /* The level's first index: the placements of fewer stones. */
    w->next = b->level == 0 ? 0 : kalah_binom(b->level - 1 + b->P, b->P);
    w->block = UINT64_MAX;
    w->queued = 0;
    enumerate(w, a, b->P - 1, b->level);
    flush(w);
    atomic_fetch_add(&b->done, w->local);
    w->local = 0;
    return NULL;
}

kalah_status kalah_egdb_build_check(const kalah_rules *r, int max_stones, int threads,
                                    kalah_error *err)
{
    kalah_status st = kalah_rules_check(r, err);
    if (st != KALAH_OK)
        return st;
    if (!kalah_egdb_applies(r))
        return kalah_fail(err, KALAH_EINVAL, 0,
                          "an endgame database needs rules whose outcome does not depend on "
                          "the stores (no 'decided', not relay Kalah)");
    if (max_stones < 0 || max_stones > KALAH_EGDB_MAX_STONES)
        return kalah_fail(err, KALAH_EINVAL, 0, "the stones in play must be 0..%d, not %d",
                          KALAH_EGDB_MAX_STONES, max_stones);
    if (threads < 1 || threads > KALAH_SOLVE_MAX_THREADS)
        return kalah_fail(err, KALAH_EINVAL, 0, "threads must be 1..%d, not %d",
                          KALAH_SOLVE_MAX_THREADS, threads);
    uint64_t n = kalah_egdb_positions(r, max_stones);
    if (n == 0 || n > ((uint64_t)1 << 38))
        return kalah_fail(err, KALAH_EINVAL, 0,
                          "a database of %d stones on %d pits is too large to build",
                          max_stones, r->pits);
    return KALAH_OK;
}

kalah_status kalah_egdb_build(const kalah_rules *r, int max_stones, int threads,
                              kalah_egdb_progress_fn progress, void *ctx, kalah_egdb **out,
                              kalah_error *err)
{
    kalah_status st = kalah_egdb_build_check(r, max_stones, threads, err);
    if (st != KALAH_OK)
        return st;
    uint64_t n = kalah_egdb_positions(r, max_stones);
    kalah_egdb *db = calloc(1, sizeof *db);
    build *b = calloc(1, sizeof *b);
    atomic_schar *v = kalah_huge_alloc(n);
    if (!db || !b || !v) {
        free(db);
        free(b);
        free(v);
        return kalah_fail(err, KALAH_ENOMEM, 0, "no memory for %llu positions",
                          (unsigned long long)n);
    }
    memset(v, UNKNOWN, (size_t)n);
    *b = (build){.r = *r, .P = 2 * r->pits, .K = max_stones, .v = v, .progress = progress,
                 .ctx = ctx, .total = n};
    for (int level = 0; level <= max_stones && !atomic_load(&b->cancel); level++) {
        b->level = level;
        builder w[KALAH_SOLVE_MAX_THREADS];
        pthread_t th[KALAH_SOLVE_MAX_THREADS];
        int started = 1;
        for (int i = 0; i < threads; i++)
            w[i] = (builder){.b = b, .id = i, .threads = threads};
        for (int i = 1; i < threads; i++) {
            if (pthread_create(&th[i], NULL, level_thread, &w[i]) != 0)
                break;
            started++;
        }
        for (int i = started; i < threads; i++) /* no thread: do its share */
            level_thread(&w[i]);
        level_thread(&w[0]);
        for (int i = 1; i < started; i++)
            pthread_join(th[i], NULL);
    }
    bool cancelled = atomic_load(&b->cancel);
    free(b);
    if (cancelled) {
        free(v);
        free(db);
        return kalah_fail(err, KALAH_EINVAL, 0, "stopped");
    }
    db->rules = *r;
    db->max_stones = max_stones;
    db->positions = n;
    db->owned = (int8_t *)v;
    db->values = db->owned;
    db->checksum = checksum((const uint8_t *)db->values, n);
    *out = db;
    return KALAH_OK;
}

void kalah_egdb_free(kalah_egdb *db)
{
    if (!db)
        return;
    if (db->map)
        munmap(db->map, db->map_len);
    free(db->owned);
    free(db);
}

/* A pin's copy: the mapping in chunks of whole pages, each released once
 * copied, so that the values are not held twice. */
typedef struct pin_copy {
    int8_t *to;
    uint8_t *map;
} pin_copy;

static void pin_chunk(void *ctx, size_t lo, size_t hi)
{
    pin_copy *p = ctx;
    size_t from = lo < HEADER ? HEADER : lo;
    memcpy(p->to + (from - HEADER), p->map + from, hi - from);
    munmap(p->map + lo, hi - lo);
}

kalah_status kalah_egdb_pin(kalah_egdb *db, int threads, kalah_error *err)
{
    if (!db->map)
        return KALAH_OK;
    int8_t *v = kalah_huge_alloc(db->positions);
    if (!v)
        return kalah_fail(err, KALAH_ENOMEM, 0, "no memory to pin %llu positions",
                          (unsigned long long)db->positions);
    pin_copy p = {.to = v, .map = db->map};
    /* Chunks of a sixteenth, in whole 64 KiB (whole pages of every size
     * Linux uses), at most 8 MiB. */
    const size_t unit = (size_t)64 << 10;
    size_t chunk = db->map_len / 16 / unit * unit;
    chunk = chunk < unit ? unit : chunk > ((size_t)8 << 20) ? (size_t)8 << 20 : chunk;
    kalah_chunks(db->map_len, chunk, threads, pin_chunk, &p);
    db->map = NULL;
    db->owned = v;
    db->values = v;
    db->pinned = true;
    return KALAH_OK;
}

void kalah_egdb_describe(const kalah_egdb *db, kalah_egdb_info *out)
{
    *out = (kalah_egdb_info){.rules = db->rules, .max_stones = db->max_stones,
                             .positions = db->positions, .checksum = db->checksum,
                             .bytes = (size_t)db->positions, .map = db->map,
                             .map_len = db->map ? db->map_len : 0,
                             .mapped = db->map != NULL || db->pinned, .pinned = db->pinned};
}

bool kalah_egdb_probe(const kalah_egdb *db, const kalah_pos *p, int *gain)
{
    kalah_rel q;
    kalah_rel_of(&db->rules, p, &q);
    if (q.side[0] + q.side[1] > db->max_stones || kalah_over(&db->rules, p))
        return false;
    *gain = db->values[kalah_placement_index(q.a, 2 * db->rules.pits)];
    return true;
}

/* ---- the file ---------------------------------------------------------------------- */

static void put64(uint8_t *h, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        h[i] = (uint8_t)(v >> (8 * i));
}

static uint64_t get64(const uint8_t *h)
{
    uint64_t v = 0;
    for (int i = 0; i < 8; i++)
        v |= (uint64_t)h[i] << (8 * i);
    return v;
}

/* The header of docs/egdb.md. The stones per pit are not part of it: a
 * database serves every n of the same pits and capture rule. */
void kalah_egdb_header(const kalah_rules *r, int max_stones, uint64_t positions, uint64_t sum,
                       uint8_t h[KALAH_EGDB_HEADER])
{
    memset(h, 0, HEADER);
    memcpy(h, MAGIC, 8);
    h[8] = VERSION;
    h[12] = HEADER;
    h[16] = (uint8_t)r->pits;
    h[17] = (uint8_t)r->variant;
    h[18] = r->empty_capture;
    h[19] = (uint8_t)r->end;
    h[20] = (uint8_t)max_stones;
    h[21] = (uint8_t)r->stones; /* what it was built for; it serves any */
    put64(h + 24, positions);
    put64(h + 32, sum);
    put64(h + 40, checksum(h, 40));
}

static void header_make(const kalah_egdb *db, uint8_t h[HEADER])
{
    kalah_egdb_header(&db->rules, db->max_stones, db->positions, db->checksum, h);
}

kalah_status kalah_egdb_save(const kalah_egdb *db, const char *path, kalah_error *err)
{
    uint8_t h[HEADER];
    header_make(db, h);
    kalah_file_out out;
    char why[sizeof err->message];
    bool ok = kalah_file_begin(&out, path, why, sizeof why);
    if (ok) {
        kalah_file_write(&out, h, HEADER);
        kalah_file_write(&out, db->values, db->positions);
        ok = kalah_file_commit(&out, why, sizeof why);
    }
    return ok ? KALAH_OK : kalah_fail(err, KALAH_EINVAL, 0, "%s", why);
}

static kalah_status damaged(kalah_error *err, void *map, size_t len, const char *path,
                            const char *why)
{
    if (map)
        munmap(map, len);
    return kalah_fail(err, KALAH_ESYNTAX, 0, "%s is damaged: %s", path, why);
}

kalah_status kalah_egdb_open(const char *path, const kalah_rules *rules, kalah_egdb **out,
                             kalah_error *err)
{
    int fd = open(path, O_RDONLY);
    if (fd < 0)
        return kalah_fail(err, KALAH_EINVAL, 0, "cannot open %s: %s", path, strerror(errno));
    struct stat sb;
    if (fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode)) {
        close(fd);
        return kalah_fail(err, KALAH_EINVAL, 0, "%s is not a regular file", path);
    }
    size_t len = (size_t)sb.st_size;
    if (len < HEADER) {
        close(fd);
        return damaged(err, NULL, 0, path, "shorter than its header");
    }
    void *map = mmap(NULL, len, PROT_READ, MAP_PRIVATE, fd, 0);
    close(fd);
    if (map == MAP_FAILED)
        return kalah_fail(err, KALAH_EINVAL, 0, "cannot map %s: %s", path, strerror(errno));
    /* Hints, before any page is read: what is read from the disk goes to
     * the page cache in huge pages, mapped as such (a file just written by
     * the builder is already there in them), and every page is mapped at
     * once, since the checksum below reads them all. */
#ifdef MADV_HUGEPAGE
    madvise(map, len, MADV_HUGEPAGE);
#endif
#ifdef MADV_POPULATE_READ
    madvise(map, len, MADV_POPULATE_READ);
#endif
    const uint8_t *h = map;
    if (memcmp(h, MAGIC, 8) != 0)
        return damaged(err, map, len, path, "not an endgame database (wrong magic)");
    if (h[8] != VERSION || h[9] || h[10] || h[11]) {
        unsigned version = (unsigned)h[8] | (unsigned)h[9] << 8; /* before unmapping */
        munmap(map, len);
        return kalah_fail(err, KALAH_ESYNTAX, 0,
                          "%s has format version %u; this program reads version %d", path,
                          version, VERSION);
    }
    if (get64(h + 40) != checksum(h, 40))
        return damaged(err, map, len, path, "the header's checksum does not match");
    kalah_rules r = kalah_rules_default();
    r.pits = h[16];
    r.variant = (kalah_variant)h[17];
    r.empty_capture = h[18] != 0;
    r.end = (kalah_end_rule)h[19];
    r.stones = h[21];
    int k = h[20];
    uint64_t n = get64(h + 24);
    bool reserved_zero = h[22] == 0 && h[23] == 0 && h[13] == 0 && h[14] == 0 && h[15] == 0;
    for (int i = 48; i < HEADER; i++)
        reserved_zero &= h[i] == 0;
    if (!reserved_zero || h[12] != HEADER || r.pits < 1 || r.pits > KALAH_MAX_PITS || h[17] != KALAH_STANDARD ||
        h[18] > 1 || h[19] > 1 ||
        h[21] < 1 || h[21] > KALAH_MAX_STONES || k > KALAH_EGDB_MAX_STONES || n != kalah_egdb_positions(&r, k))
        return damaged(err, map, len, path, "its header is inconsistent");
    if (len - HEADER != n)
        return damaged(err, map, len, path,
                       len - HEADER < n ? "it is truncated" : "it has bytes past its end");
    if (rules && !kalah_egdb_serves(&r, rules)) {
        munmap(map, len);
        char want[KALAH_TEXT_MAX];
        kalah_rules_format(rules, want, sizeof want);
        return kalah_fail(err, KALAH_EINVAL, 0, "%s is for other rules than %s", path, want);
    }
    uint64_t sum = get64(h + 32);
    if (checksum(h + HEADER, n) != sum)
        return damaged(err, map, len, path, "the values' checksum does not match");
    kalah_egdb *db = calloc(1, sizeof *db);
    if (!db) {
        munmap(map, len);
        return kalah_fail(err, KALAH_ENOMEM, 0, "no memory");
    }
    *db = (kalah_egdb){.rules = r, .max_stones = k, .positions = n, .checksum = sum,
                       .values = (const int8_t *)(h + HEADER), .map = map, .map_len = len};
    *out = db;
    return KALAH_OK;
}
