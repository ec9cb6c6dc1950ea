/*
 * A database being built a level at a time, on disk (kalah_core only): the
 * build over MPI keeps its finished levels in a file of its own beside the
 * output, so that a build stopped, or that lost a rank, goes on from the
 * last finished level (docs/egdb.md, "Building over MPI").
 *
 * The partial file is always, once a level is committed, a whole database
 * of the levels finished (the first C(L+2m, 2m) values of any larger one):
 * the file of docs/egdb.md with max_stones L, its header and checksum those
 * of levels 0..L. A level is appended after the last, synced, then the
 * header rewritten (64 bytes at offset 0) and synced; values past the
 * header's count are a level cut short, dropped when the file is resumed.
 * The finished database is the partial file renamed to the output's name,
 * so no file at the output path ever holds less than it says.
 */
#ifndef KALAH_EGDB_PARTIAL_H
#define KALAH_EGDB_PARTIAL_H

#include "kalah_solve_internal.h"

typedef struct kalah_egdb_partial {
    int fd;
    char path[1024];
    kalah_rules r;
    int levels;          /* committed: levels 0..levels-1 (0: none) */
    uint64_t positions;  /* values appended, committed or not */
    uint64_t committed;  /* values the header counts */
    kalah_egdb_sum sum;  /* of the values appended */
} kalah_egdb_partial;

/* A new partial file at path, for rules r (replacing a file there): its
 * header all zeros until a level is committed (not a database). */
kalah_status kalah_egdb_partial_create(kalah_egdb_partial *f, const char *path,
                                       const kalah_rules *r, kalah_error *err);

/* The partial file at path, to go on with: its header checked as
 * kalah_egdb_open checks one (the rules must be r's), values past its count
 * cut off, and the checksum of the rest verified (every value is read).
 * A file whose header is all zeros has no level yet. KALAH_ESYNTAX with
 * the reason when it is damaged, KALAH_EINVAL when it cannot be opened or
 * is for other rules. */
kalah_status kalah_egdb_partial_resume(kalah_egdb_partial *f, const char *path,
                                       const kalah_rules *r, kalah_error *err);

/* n values from value number at (below f->committed) into buf. */
kalah_status kalah_egdb_partial_read(kalah_egdb_partial *f, uint64_t at, void *buf, uint64_t n,
                                     kalah_error *err);

/* Appends n values, the next in index order. */
kalah_status kalah_egdb_partial_append(kalah_egdb_partial *f, const void *values, uint64_t n,
                                       kalah_error *err);

/* Makes the values appended, which must be levels 0..max_stones, the
 * database they are: synced, then the header, synced. */
kalah_status kalah_egdb_partial_commit(kalah_egdb_partial *f, int max_stones, kalah_error *err);

/* Closes the file and renames it to path, the finished database. */
kalah_status kalah_egdb_partial_finish(kalah_egdb_partial *f, const char *path,
                                       kalah_error *err);

/* Closes the file (it stays where it is). */
void kalah_egdb_partial_close(kalah_egdb_partial *f);

#endif
