/*
 * The endgame database built over MPI (kalah_mpi.h): levels in order, each
 * in wavefronts of equal potential (kalah_egdb_wave.h), each wavefront's
 * positions shared out among the ranks and, in a rank, among its threads;
 * finished levels committed to the partial file by rank 0
 * (kalah_egdb_partial.h). docs/solver-cluster.md has the design and the
 * figures.
 *
 * Replicated: every rank holds all the values. A wavefront's units are cut
 * into one stretch a rank, of equal positions; each rank writes its values
 * in enumeration order into its part of a buffer of the whole wavefront,
 * MPI_Allgatherv fills in the others' parts (bare values, no index), and
 * each rank enumerates the others' stretches again to put them in place.
 *
 * Partitioned: a rank holds its blocks of 2^BITS indices (block b belongs
 * to rank b mod ranks, at (b div ranks) blocks into its window) and solves
 * the positions in them. Children in another rank's blocks are read with
 * MPI_Get, a batch of positions' lookups at a time, in a passive-target
 * epoch open for the whole build; after each wavefront every rank syncs
 * its window (MPI_Win_sync) before the collective that ends the wavefront,
 * so the next one reads final values.
 */
#define _POSIX_C_SOURCE 200809L /* stat */
#include "kalah_egdb_partial.h"
#include "kalah_egdb_wave.h"
#include "kalah_mpi.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define UNKNOWN INT8_MIN
enum {
    BITS = 14,            /* a partitioned rank's blocks: 16 KiB of values */
    BATCH_LOCAL = 16,     /* positions expanded before their children are read */
    BATCH_REMOTE = 512,   /* positions whose remote children are asked for at once */
    ENUM = 1024,          /* positions enumerated at a time */
    FILE_CHUNK = 64 << 20 /* bytes of values a time to or from the file */
};

typedef struct mbuild mbuild;

typedef struct mworker {
    mbuild *b;
    uint64_t solved, gets;
    uint64_t *got_from; /* partitioned: bytes read from each rank */
    bool unpack;        /* the job: solve, or put the others' values in place */
} mworker;

struct mbuild {
    kalah_rules r;
    int K, P;
    MPI_Comm comm;
    int rank, ranks, threads;
    bool partitioned, serialize;
    kalah_wave w;
    uint64_t N;
    int8_t *v;              /* replicated: every value */
    int8_t *local;          /* partitioned: this rank's blocks, in win */
    uint64_t local_n;
    MPI_Win win;
    bool win_made;
    kalah_wave_owner own;   /* partitioned: this rank's share */
    kalah_wave_front f;     /* the wavefront under way */
    uint64_t *cut;          /* replicated: rank s solves units cut[s] .. cut[s+1] */
    uint64_t u0, u1, chunk; /* the units the threads share now */
    _Atomic uint64_t next;
    int8_t *wave;           /* replicated: the wavefront's values, in order */
    uint64_t wave_cap;
    _Atomic int bad;        /* a child was read before it was solved */
    pthread_mutex_t mpi_lock;
    mworker wk[KALAH_SOLVE_MAX_THREADS];
    uint64_t sent, received;
    double t_solve, t_sync, t_unpack; /* seconds in each phase */
};

static uint64_t block_rank(const mbuild *b, uint64_t idx)
{
    return (idx >> BITS) % (uint64_t)b->ranks;
}

static uint64_t block_offset(const mbuild *b, uint64_t idx)
{
    return ((idx >> BITS) / (uint64_t)b->ranks << BITS) | (idx & ((1u << BITS) - 1));
}

/* ---- solving a wavefront ----------------------------------------------------------- */

/* Replicated: positions whose children are all in v. Values go to v and,
 * in order, to out. */
static void solve_local(mworker *t, const uint64_t *idx, uint8_t (*a)[2 * KALAH_MAX_PITS], int n,
                        int8_t *out)
{
    mbuild *b = t->b;
    for (int s = 0; s < n; s += BATCH_LOCAL) {
        int e = n - s < BATCH_LOCAL ? n : s + BATCH_LOCAL;
        kalah_wave_node x[BATCH_LOCAL];
        for (int i = s; i < e; i++) {
            kalah_wave_expand(&b->r, a[i], idx[i], &x[i - s]);
            for (int k = 0; k < x[i - s].n; k++)
                if (!x[i - s].ch[k].ended)
                    __builtin_prefetch(&b->v[x[i - s].ch[k].idx]);
        }
        for (int i = s; i < e; i++) {
            const kalah_wave_node *y = &x[i - s];
            int8_t got[KALAH_MAX_PITS];
            for (int k = 0; k < y->n; k++) {
                got[k] = y->ch[k].ended ? 0 : b->v[y->ch[k].idx];
                if (got[k] == UNKNOWN)
                    atomic_store(&b->bad, 1);
            }
            int8_t val = (int8_t)kalah_wave_finish(y, got);
            b->v[idx[i]] = val;
            out[i] = val;
        }
    }
    t->solved += (uint64_t)n;
}

/* Partitioned: this rank's positions; children in other ranks' blocks are
 * read with MPI_Get, all of the batch's before any is waited for. */
static void solve_remote(mworker *t, const uint64_t *idx, uint8_t (*a)[2 * KALAH_MAX_PITS], int n)
{
    mbuild *b = t->b;
    static _Thread_local kalah_wave_node x[BATCH_REMOTE];
    static _Thread_local int8_t got[BATCH_REMOTE][KALAH_MAX_PITS];
    for (int i = 0; i < n; i++) {
        kalah_wave_expand(&b->r, a[i], idx[i], &x[i]);
        for (int k = 0; k < x[i].n; k++)
            if (!x[i].ch[k].ended && (int)block_rank(b, x[i].ch[k].idx) == b->rank)
                __builtin_prefetch(&b->local[block_offset(b, x[i].ch[k].idx)]);
    }
    if (b->serialize)
        pthread_mutex_lock(&b->mpi_lock);
    bool remote = false;
    for (int i = 0; i < n; i++)
        for (int k = 0; k < x[i].n; k++) {
            if (x[i].ch[k].ended) {
                got[i][k] = 0;
                continue;
            }
            uint64_t c = x[i].ch[k].idx;
            int owner = (int)block_rank(b, c);
            if (owner == b->rank) {
                got[i][k] = b->local[block_offset(b, c)];
            } else {
                MPI_Get(&got[i][k], 1, MPI_INT8_T, owner, (MPI_Aint)block_offset(b, c), 1,
                        MPI_INT8_T, b->win);
                t->gets++;
                t->got_from[owner]++;
                remote = true;
            }
        }
    if (remote)
        MPI_Win_flush_local_all(b->win);
    if (b->serialize)
        pthread_mutex_unlock(&b->mpi_lock);
    for (int i = 0; i < n; i++) {
        for (int k = 0; k < x[i].n; k++)
            if (!x[i].ch[k].ended && got[i][k] == UNKNOWN)
                atomic_store(&b->bad, 1);
        b->local[block_offset(b, idx[i])] = (int8_t)kalah_wave_finish(&x[i], got[i]);
    }
    t->solved += (uint64_t)n;
}

/* A thread's share of units [b->u0, b->u1), taken a chunk at a time. */
static void *wave_thread(void *arg)
{
    mworker *t = arg;
    mbuild *b = t->b;
    static _Thread_local uint64_t idx[ENUM];
    static _Thread_local uint8_t a[ENUM][2 * KALAH_MAX_PITS];
    const kalah_wave_owner all = {1, 0, BITS};
    const int batch = b->partitioned ? BATCH_REMOTE : ENUM;
    for (;;) {
        uint64_t u = atomic_fetch_add(&b->next, b->chunk);
        if (u >= b->u1)
            break;
        uint64_t end = u + b->chunk < b->u1 ? u + b->chunk : b->u1;
        kalah_wave_cursor c;
        kalah_wave_cursor_init(&c, &b->w, &b->f, u, end, b->partitioned ? &b->own : &all);
        /* Replicated: where these units' values are in the wavefront's. */
        int8_t *out = b->wave ? b->wave + kalah_wave_positions_before(&b->f, u) : NULL;
        int n;
        while ((n = kalah_wave_next(&c, idx, a, batch)) > 0) {
            if (t->unpack) {
                for (int i = 0; i < n; i++)
                    b->v[idx[i]] = out[i];
            } else if (b->partitioned) {
                solve_remote(t, idx, a, n);
            } else {
                solve_local(t, idx, a, n, out);
            }
            if (out)
                out += n;
        }
    }
    return NULL;
}

/* Runs the threads over units [u0, u1). */
static void run_threads(mbuild *b, uint64_t u0, uint64_t u1, bool unpack)
{
    b->u0 = u0;
    b->u1 = u1;
    atomic_store(&b->next, u0);
    uint64_t units = u1 > u0 ? u1 - u0 : 0;
    /* Chunks small enough to balance, large enough to cost little. */
    b->chunk = 1 + units / ((uint64_t)b->threads * 64);
    pthread_t th[KALAH_SOLVE_MAX_THREADS];
    int started = 1;
    for (int i = 0; i < b->threads; i++)
        b->wk[i].unpack = unpack;
    for (int i = 1; i < b->threads && units > b->chunk; i++) {
        if (pthread_create(&th[i], NULL, wave_thread, &b->wk[i]) != 0)
            break;
        started++;
    }
    wave_thread(&b->wk[0]);
    for (int i = 1; i < started; i++)
        pthread_join(th[i], NULL);
}

/* Solves wavefront (n, p) on every rank. A collective first agrees on *stop
 * (and on the failures so far); it also ends the wavefront before, so that
 * in a partitioned build its values (synced into the windows) are final
 * for this one. A replicated wavefront of fewer than SMALL positions is
 * solved whole by every rank: that costs less than gathering it, and asks
 * nothing of the others. */
enum { SMALL = 16384 };

static kalah_status wavefront(mbuild *b, int n, int p, int *stop, kalah_error *err)
{
    kalah_status st = kalah_wave_front_make(&b->w, n, p, &b->f, err);
    const kalah_wave_front *f = &b->f;
    if (st == KALAH_OK && !b->partitioned && f->positions > b->wave_cap) {
        free(b->wave);
        b->wave_cap = f->positions > (uint64_t)INT32_MAX ? 0 : f->positions;
        b->wave = b->wave_cap ? malloc(b->wave_cap) : NULL;
        if (!b->wave)
            st = f->positions > (uint64_t)INT32_MAX
                     ? kalah_fail(err, KALAH_EINVAL, 0, "a wavefront of more than 2^31 positions")
                     : kalah_fail(err, KALAH_ENOMEM, 0, "no memory for a wavefront");
    }
    bool alone = !b->partitioned && f->positions < SMALL;
    double t = MPI_Wtime();
    if (!alone || st != KALAH_OK) {
        int flags[3] = {*stop, st != KALAH_OK, atomic_load(&b->bad)}, agreed[3];
        MPI_Allreduce(flags, agreed, 3, MPI_INT, MPI_MAX, b->comm);
        *stop = agreed[0];
        if (agreed[2])
            atomic_store(&b->bad, 1);
        if (agreed[1])
            return st != KALAH_OK ? st : kalah_fail(err, KALAH_ENOMEM, 0, "another rank failed");
        if (*stop || agreed[2])
            return KALAH_OK;
    }
    double t1 = MPI_Wtime();
    b->t_sync += t1 - t;
    if (b->partitioned || alone) {
        run_threads(b, 0, f->units, false);
        if (b->partitioned)
            MPI_Win_sync(b->win);
        b->t_solve += MPI_Wtime() - t1;
        return KALAH_OK;
    }
    for (int s = 0; s <= b->ranks; s++)
        b->cut[s] = kalah_wave_unit_at(f, f->positions * (uint64_t)s / (uint64_t)b->ranks);
    run_threads(b, b->cut[b->rank], b->cut[b->rank + 1], false);
    double t2 = MPI_Wtime();
    b->t_solve += t2 - t1;
    if (b->ranks > 1) {
        int counts[b->ranks], displs[b->ranks];
        for (int s = 0; s < b->ranks; s++) {
            uint64_t lo = kalah_wave_positions_before(f, b->cut[s]);
            displs[s] = (int)lo;
            counts[s] = (int)(kalah_wave_positions_before(f, b->cut[s + 1]) - lo);
        }
        MPI_Allgatherv(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, b->wave, counts, displs, MPI_INT8_T,
                       b->comm);
        b->sent += (uint64_t)counts[b->rank] * (uint64_t)(b->ranks - 1);
        b->received += f->positions - (uint64_t)counts[b->rank];
        double t3 = MPI_Wtime();
        b->t_sync += t3 - t2;
        /* The others' values: the units before this rank's, then after. */
        run_threads(b, 0, b->cut[b->rank], true);
        run_threads(b, b->cut[b->rank + 1], f->units, true);
        b->t_unpack += MPI_Wtime() - t3;
    }
    return KALAH_OK;
}

/* Ends a level on every rank: its last wavefront final everywhere, and
 * whether a position was solved before one of its children. */
static kalah_status level_end(mbuild *b, int n, kalah_error *err)
{
    int bad = atomic_load(&b->bad), any;
    MPI_Allreduce(&bad, &any, 1, MPI_INT, MPI_MAX, b->comm);
    if (any)
        return kalah_fail(err, KALAH_EINVAL, 0,
                          "a position of level %d was solved before one of its children: the "
                          "wavefronts are out of order (a bug)", n);
    return KALAH_OK;
}

/* ---- rank 0's file ------------------------------------------------------------------ */

/* Status and message of rank 0 to every rank. */
static kalah_status share_status(mbuild *b, kalah_status st, kalah_error *err)
{
    struct {
        int code;
        char message[sizeof err->message];
    } m = {0};
    if (b->rank == 0) {
        m.code = (int)st;
        if (st != KALAH_OK && err)
            snprintf(m.message, sizeof m.message, "%s", err->message);
    }
    MPI_Bcast(&m, (int)sizeof m, MPI_BYTE, 0, b->comm);
    if (m.code != KALAH_OK && b->rank != 0)
        return kalah_fail(err, (kalah_status)m.code, 0, "%s", m.message);
    return (kalah_status)m.code;
}

/* Appends the values [lo, hi) to the partial file (rank 0), reading them
 * from the other ranks' windows when partitioned. */
static kalah_status append_values(mbuild *b, kalah_egdb_partial *pf, uint64_t lo, uint64_t hi,
                                  int8_t *buf, kalah_error *err)
{
    if (!b->partitioned)
        return kalah_egdb_partial_append(pf, b->v + lo, hi - lo, err);
    for (uint64_t at = lo; at < hi; at += FILE_CHUNK) {
        uint64_t end = hi - at < FILE_CHUNK ? hi : at + FILE_CHUNK;
        bool remote = false;
        for (uint64_t i = at; i < end;) {
            uint64_t stop = ((i >> BITS) + 1) << BITS;
            stop = stop < end ? stop : end;
            int owner = (int)block_rank(b, i);
            if (owner == 0) {
                memcpy(buf + (i - at), b->local + block_offset(b, i), stop - i);
            } else {
                MPI_Get(buf + (i - at), (int)(stop - i), MPI_INT8_T, owner,
                        (MPI_Aint)block_offset(b, i), (int)(stop - i), MPI_INT8_T, b->win);
                b->wk[0].got_from[owner] += stop - i;
                b->wk[0].gets++;
                remote = true;
            }
            i = stop;
        }
        if (remote)
            MPI_Win_flush_local_all(b->win);
        kalah_status st = kalah_egdb_partial_append(pf, buf, end - at, err);
        if (st != KALAH_OK)
            return st;
    }
    return KALAH_OK;
}

/* The levels of the partial file to every rank: broadcast (replicated) or
 * put into their owners' windows (partitioned). */
static kalah_status load_levels(mbuild *b, kalah_egdb_partial *pf, uint64_t n, kalah_error *err)
{
    int8_t *buf = malloc(FILE_CHUNK);
    int ok = buf != NULL, all;
    MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_MIN, b->comm);
    if (!all) {
        free(buf);
        return kalah_fail(err, KALAH_ENOMEM, 0, "no memory to read the partial file");
    }
    kalah_status st = KALAH_OK;
    for (uint64_t at = 0; at < n; at += FILE_CHUNK) {
        uint64_t len = n - at < FILE_CHUNK ? n - at : FILE_CHUNK;
        if (b->rank == 0)
            st = kalah_egdb_partial_read(pf, at, buf, len, err);
        st = share_status(b, st, err);
        if (st != KALAH_OK)
            break;
        if (!b->partitioned) {
            MPI_Bcast(buf, (int)len, MPI_INT8_T, 0, b->comm);
            memcpy(b->v + at, buf, len);
            continue;
        }
        if (b->rank == 0) {
            for (uint64_t i = at; i < at + len;) {
                uint64_t stop = ((i >> BITS) + 1) << BITS;
                stop = stop < at + len ? stop : at + len;
                int owner = (int)block_rank(b, i);
                if (owner == 0)
                    memcpy(b->local + block_offset(b, i), buf + (i - at), stop - i);
                else
                    MPI_Put(buf + (i - at), (int)(stop - i), MPI_INT8_T, owner,
                            (MPI_Aint)block_offset(b, i), (int)(stop - i), MPI_INT8_T, b->win);
                i = stop;
            }
            MPI_Win_flush_all(b->win);
        }
    }
    if (b->partitioned) {
        MPI_Win_sync(b->win);
        MPI_Barrier(b->comm);
        MPI_Win_sync(b->win);
    }
    free(buf);
    return st;
}

/* ---- the build ------------------------------------------------------------------------ */

static void release(mbuild *b)
{
    if (b->win_made) {
        MPI_Win_unlock_all(b->win);
        MPI_Win_free(&b->win);
    }
    free(b->v);
    free(b->wave);
    free(b->cut);
    for (int i = 0; i < KALAH_SOLVE_MAX_THREADS; i++)
        free(b->wk[i].got_from);
    kalah_wave_front_free(&b->f);
    kalah_wave_free(&b->w);
    pthread_mutex_destroy(&b->mpi_lock);
}

/* Makes the storage on every rank; false on all of them when one failed. */
static bool make_storage(mbuild *b)
{
    int ok = 1, all;
    if (b->partitioned) {
        const uint64_t blocks = (b->N + (1u << BITS) - 1) >> BITS, R = (uint64_t)b->ranks,
                       me = (uint64_t)b->rank;
        uint64_t mine = blocks > me ? (blocks - me + R - 1) / R : 0;
        b->local_n = mine << BITS;
        /* (A failure here is the MPI library's to report: its default
         * handler ends the job.) */
        MPI_Win_allocate((MPI_Aint)b->local_n, 1, MPI_INFO_NULL, b->comm, &b->local, &b->win);
        b->win_made = true;
        MPI_Win_lock_all(MPI_MODE_NOCHECK, b->win);
        memset(b->local, UNKNOWN, b->local_n);
    } else {
        b->v = kalah_huge_alloc(b->N);
        b->cut = calloc((size_t)b->ranks + 1, sizeof *b->cut);
        ok = b->v && b->cut;
        if (b->v)
            memset(b->v, UNKNOWN, b->N);
    }
    for (int i = 0; i < b->threads; i++) {
        b->wk[i] = (mworker){.b = b, .got_from = calloc((size_t)b->ranks, sizeof(uint64_t))};
        ok &= b->wk[i].got_from != NULL;
    }
    MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_MIN, b->comm);
    return all != 0;
}

/* Rank 0: the partial file, made or resumed. */
static kalah_status open_partial(mbuild *b, const kalah_egdb_mpi_config *cfg,
                                 kalah_egdb_partial *pf, const char *partial, kalah_error *err)
{
    struct stat sb;
    bool there = stat(partial, &sb) == 0;
    if (there && !cfg->resume)
        return kalah_fail(err, KALAH_EINVAL, 0,
                          "%s holds the levels of an earlier build: go on from it with "
                          "--resume, or delete it", partial);
    kalah_status st = there ? kalah_egdb_partial_resume(pf, partial, &b->r, err)
                            : kalah_egdb_partial_create(pf, partial, &b->r, err);
    if (st == KALAH_OK && pf->levels > b->K + 1) {
        kalah_egdb_partial_close(pf);
        return kalah_fail(err, KALAH_EINVAL, 0,
                          "%s already holds %d stones, more than the %d asked", partial,
                          pf->levels - 1, b->K);
    }
    return st;
}

kalah_status kalah_egdb_build_mpi(const kalah_rules *r, int max_stones, const char *path,
                                  const kalah_egdb_mpi_config *cfg, kalah_egdb_mpi_report *out,
                                  kalah_error *err)
{
    memset(out, 0, sizeof *out);
    double t0 = MPI_Wtime();
    kalah_status st = kalah_egdb_build_check(r, max_stones, cfg->threads, err);
    if (st != KALAH_OK)
        return st;
    uint64_t N = kalah_egdb_positions(r, max_stones);
    mbuild *b = calloc(1, sizeof *b);
    if (!b)
        return kalah_fail(err, KALAH_ENOMEM, 0, "no memory");
    b->r = *r;
    b->K = max_stones;
    b->P = 2 * r->pits;
    b->N = N;
    b->comm = cfg->comm;
    MPI_Comm_rank(b->comm, &b->rank);
    MPI_Comm_size(b->comm, &b->ranks);
    b->threads = cfg->threads;
    pthread_mutex_init(&b->mpi_lock, NULL);
    /* The layout: replicated where every rank can hold it all. */
    int fits = cfg->memory == 0 || N <= cfg->memory, all_fit;
    MPI_Allreduce(&fits, &all_fit, 1, MPI_INT, MPI_MIN, b->comm);
    b->partitioned = cfg->layout == KALAH_EGDB_PARTITIONED ||
                     (cfg->layout == KALAH_EGDB_AUTO && !all_fit);
    int level;
    MPI_Query_thread(&level);
    if (b->partitioned && b->threads > 1 && level < MPI_THREAD_SERIALIZED)
        b->threads = 1; /* MPI_Get from the threads needs it */
    b->serialize = level == MPI_THREAD_SERIALIZED;
    b->own = (kalah_wave_owner){b->ranks, b->rank, BITS};
    *out = (kalah_egdb_mpi_report){.layout = b->partitioned ? KALAH_EGDB_PARTITIONED
                                                            : KALAH_EGDB_REPLICATED,
                                   .ranks = b->ranks, .threads = b->threads, .positions = N};
    snprintf(out->partial, sizeof out->partial, "%s.partial", path);

    kalah_egdb_partial pf = {.fd = -1};
    st = b->rank == 0 ? open_partial(b, cfg, &pf, out->partial, err) : KALAH_OK;
    st = share_status(b, st, err);
    int levels = b->rank == 0 ? pf.levels : 0;
    if (st == KALAH_OK) {
        MPI_Bcast(&levels, 1, MPI_INT, 0, b->comm);
        out->resumed_levels = levels;
        st = kalah_wave_init(&b->w, r, max_stones, err);
        int ok = st == KALAH_OK, all;
        MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_MIN, b->comm);
        if (st == KALAH_OK && !all)
            st = kalah_fail(err, KALAH_ENOMEM, 0, "another rank ran out of memory");
    }
    bool counted = st == KALAH_OK; /* the same on every rank */
    if (st == KALAH_OK && !make_storage(b))
        st = kalah_fail(err, KALAH_ENOMEM, 0,
                        "no memory for the values on some rank (%llu bytes each, %s)",
                        (unsigned long long)(b->partitioned ? b->local_n : N),
                        b->partitioned ? "partitioned" : "replicated");
    out->held = b->partitioned ? b->local_n : N;
    if (st == KALAH_OK && levels > 0)
        st = load_levels(b, &pf, kalah_wave_level_start(&b->w, levels), err);
    int8_t *buf = NULL;
    if (st == KALAH_OK && b->rank == 0 && b->partitioned) {
        buf = malloc(FILE_CHUNK);
        if (!buf)
            st = kalah_fail(err, KALAH_ENOMEM, 0, "no memory");
    }
    if (st == KALAH_OK)
        st = share_status(b, st, err);

    kalah_egdb_mpi_progress prog = {.max_stones = max_stones, .levels_on_disk = levels,
                                    .total = N,
                                    .done = kalah_wave_level_start(&b->w, levels)};
    int stop = 0;
    for (int n = levels; st == KALAH_OK && n <= max_stones && !stop; n++) {
        prog.level = n;
        for (int p = kalah_wave_pot_hi(&b->w, n);
             st == KALAH_OK && !stop && p >= kalah_wave_pot_lo(&b->w, n); p--) {
            int want = cfg->stop && *cfg->stop;
            if (b->rank == 0 && cfg->progress) {
                prog.seconds = MPI_Wtime() - t0;
                want |= !cfg->progress(&prog, cfg->ctx);
            }
            stop = want;
            st = wavefront(b, n, p, &stop, err);
            if (!stop)
                prog.done += b->f.positions;
        }
        if (st == KALAH_OK && !stop)
            st = level_end(b, n, err);
        if (st != KALAH_OK || stop)
            break;
        if (b->rank == 0) {
            st = append_values(b, &pf, kalah_wave_level_start(&b->w, n),
                               kalah_wave_level_start(&b->w, n + 1), buf, err);
            if (st == KALAH_OK)
                st = kalah_egdb_partial_commit(&pf, n, err);
        }
        st = share_status(b, st, err);
        prog.levels_on_disk = n + 1;
    }
    if (st == KALAH_OK && stop)
        st = kalah_fail(err, KALAH_EINVAL, 0, "stopped");
    if (st == KALAH_OK) {
        if (b->rank == 0 && cfg->progress) {
            prog.seconds = MPI_Wtime() - t0;
            cfg->progress(&prog, cfg->ctx);
        }
        if (b->rank == 0)
            st = kalah_egdb_partial_finish(&pf, path, err);
        st = share_status(b, st, err);
    }
    if (b->rank == 0)
        kalah_egdb_partial_close(&pf);
    free(buf);

    /* What each rank's memory gave the others: the bytes they read. */
    if (counted) {
        uint64_t from[b->ranks], served = 0;
        memset(from, 0, sizeof from);
        for (int i = 0; i < b->threads; i++)
            for (int s = 0; s < b->ranks; s++)
                if (b->wk[i].got_from)
                    from[s] += b->wk[i].got_from[s];
        MPI_Reduce_scatter_block(from, &served, 1, MPI_UINT64_T, MPI_SUM, b->comm);
        for (int s = 0; s < b->ranks; s++)
            b->received += from[s];
        b->sent += served;
    }
    for (int i = 0; i < b->threads; i++) {
        out->solved += b->wk[i].solved;
        out->gets += b->wk[i].gets;
    }
    out->sent = b->sent;
    out->received = b->received;
    out->seconds_solving = b->t_solve;
    out->seconds_waiting = b->t_sync;
    out->seconds_unpacking = b->t_unpack;
    out->seconds = MPI_Wtime() - t0;
    release(b);
    free(b);
    return st;
}
