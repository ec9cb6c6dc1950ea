/*
 * kalah_mpi.h: the endgame database build and the exact search over MPI
 * (library kalah_mpi, built only where CMake finds MPI; docs/solver-cluster.md).
 * Same contract as kalah.h: nothing prints or exits; errors come back as a
 * kalah_status with a kalah_error, and progress through a callback. Every
 * function here is collective: every rank of the communicator calls it
 * with the same arguments (but the callbacks), and gets the same status.
 * MPI must be initialised with at least MPI_THREAD_FUNNELED; a partitioned
 * build with more than one thread a rank asks for MPI_THREAD_SERIALIZED or
 * more (with less it runs one thread a rank).
 */
#ifndef KALAH_MPI_H
#define KALAH_MPI_H

#include "kalah_solve.h"

#include <mpi.h>

/* ---- the database build ------------------------------------------------------ */

typedef enum kalah_egdb_layout {
    KALAH_EGDB_AUTO,        /* replicated where the database fits in memory, else
                               partitioned */
    KALAH_EGDB_REPLICATED,  /* every rank holds every value; each wavefront's new
                               values are gathered to all (MPI_Allgatherv) */
    KALAH_EGDB_PARTITIONED  /* each rank holds its blocks of 2^14 indices (dealt out
                               in turn) in an MPI window; the others read them
                               with MPI_Get, a batch of lookups at a time */
} kalah_egdb_layout;

/* Where the build is, on rank 0: after each wavefront and each level. */
typedef struct kalah_egdb_mpi_progress {
    int level, max_stones;
    int levels_on_disk;   /* levels 0..levels_on_disk - 1 are in the partial file */
    uint64_t done, total; /* positions solved (all ranks), of all */
    double seconds;
} kalah_egdb_mpi_progress;

/* Return false to stop the build (agreed by all ranks at the next
 * wavefront; it then fails with KALAH_EINVAL, "stopped"). */
typedef bool (*kalah_egdb_mpi_progress_fn)(const kalah_egdb_mpi_progress *p, void *ctx);

typedef struct kalah_egdb_mpi_config {
    MPI_Comm comm;
    int threads;                 /* a rank, 1..KALAH_SOLVE_MAX_THREADS */
    kalah_egdb_layout layout;
    uint64_t memory;             /* with AUTO: bytes of values a rank may hold (the
                                    least over the ranks counts); 0: no limit */
    bool resume;                 /* go on from the partial file, if there is one */
    kalah_egdb_mpi_progress_fn progress; /* rank 0; may be NULL */
    void *ctx;
    const volatile sig_atomic_t *stop;   /* any rank; may be NULL */
} kalah_egdb_mpi_config;

/* What one rank did. */
typedef struct kalah_egdb_mpi_report {
    kalah_egdb_layout layout; /* REPLICATED or PARTITIONED */
    int ranks, threads;       /* threads a rank, as run */
    int resumed_levels;       /* levels found in the partial file (0: none) */
    uint64_t positions;       /* of the database */
    uint64_t held;            /* bytes of values this rank held */
    uint64_t solved;          /* positions this rank solved */
    uint64_t sent, received;  /* bytes of values this rank's memory gave to other
                                 ranks (gathered, read by MPI_Get, sent to rank 0
                                 for the file) and took from them */
    uint64_t gets;            /* MPI_Get calls this rank made */
    double seconds;
    double seconds_solving;   /* its wavefronts (with the MPI_Get calls) */
    double seconds_waiting;   /* in the collectives that start and gather them */
    double seconds_unpacking; /* replicated: putting the others' values in place */
    char partial[1040];       /* the partial file: PATH.partial */
} kalah_egdb_mpi_report;

/*
 * Builds the database of r up to max_stones over the ranks of cfg->comm, a
 * level at a time, each level in wavefronts of equal potential
 * (docs/solver-cluster.md), and writes it to path (rank 0's file system;
 * only rank 0 touches files). Each finished level is committed to the
 * partial file PATH.partial, a whole database of the levels so far
 * (docs/egdb.md); when the last is, it is renamed to path, so the file at
 * path is byte for byte kalah_egdb_save's of kalah_egdb_build's database.
 * Without cfg->resume an existing partial file is refused (KALAH_EINVAL);
 * with it, the build goes on from the levels it holds (or starts when there
 * is none). On failure or a stop, the partial file keeps the finished
 * levels and nothing is at path that was not there.
 */
kalah_status kalah_egdb_build_mpi(const kalah_rules *r, int max_stones, const char *path,
                                  const kalah_egdb_mpi_config *cfg, kalah_egdb_mpi_report *out,
                                  kalah_error *err);

/* ---- the exact search ---------------------------------------------------------- */

/* Where the search is, on rank 0, about every interval. */
typedef void (*kalah_solve_mpi_progress_fn)(const kalah_solve_progress *p, void *ctx);

typedef struct kalah_solve_mpi_config {
    MPI_Comm comm;
    int leaves;     /* the frontier: at least this many positions searched by
                       the ranks' solvers; 0: 1 on one rank, else 8 a rank */
    uint64_t max_nodes;  /* 0: no limit (counted as the ranks report) */
    double max_seconds;  /* 0: no limit */
    const volatile sig_atomic_t *stop; /* rank 0 */
    kalah_solve_mpi_progress_fn progress; /* rank 0; may be NULL */
    void *ctx;
    double progress_interval; /* seconds; 0: 0.25 */
} kalah_solve_mpi_config;

/* What the search did, on every rank (rank 0's counts are the whole's). */
typedef struct kalah_solve_mpi_report {
    int ranks;
    int leaves, nodes_in_tree; /* the frontier, and the tree above it */
    uint64_t jobs;             /* leaf tests run, all ranks */
    uint64_t stopped;          /* of them stopped as moot */
    uint64_t rank_nodes;       /* nodes this rank's solver searched */
    uint64_t rank_jobs;        /* tests this rank ran */
    uint64_t sent, received;   /* bytes of messages this rank sent and got */
} kalah_solve_mpi_report;

/*
 * Solves p as kalah_solver_run does (with all, every move's value), with
 * s, this rank's solver (its table, threads and database: the same rules
 * and database on every rank). Rank 0 keeps the top of the tree
 * (kalah_solve_split.c) and deals the tests of its leaves to the ranks,
 * itself included, each rank searching one at a time with its solver; a
 * test made moot by another's result is stopped. Every rank gets the
 * solution in out (nodes: all ranks').
 */
kalah_status kalah_solve_mpi(kalah_solver *s, const kalah_pos *p, bool all,
                             const kalah_solve_mpi_config *cfg, kalah_solution *out,
                             kalah_solve_mpi_report *report, kalah_error *err);

#endif
