/*
 * The work of --mpi, in kalah-mpi only: 'kalah egdb build --mpi' and 'kalah
 * solve --mpi' over the ranks of an MPI job (kalah_mpi.h). Rank 0 says
 * what happens; the other ranks print only their own failures. A rank
 * ended by SIGTERM (mpirun's way of ending a job when a rank has died or
 * the job is stopped) says so, and for a build which levels are on disk.
 */
#define _POSIX_C_SOURCE 200809L
#include "kalah_cli_mpi.h"
#include "kalah_mpi.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

static int rank, ranks;
static bool entered; /* a command reached its collective part */

static double cpu_seconds(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 +
           (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6;
}

static const char *bytes_text(double b, char *buf, size_t size)
{
    if (b < 10000)
        snprintf(buf, size, "%.0f B", b);
    else if (b < 1e7)
        snprintf(buf, size, "%.1f kB", b / 1e3);
    else if (b < 1e10)
        snprintf(buf, size, "%.1f MB", b / 1e6);
    else
        snprintf(buf, size, "%.2f GB", b / 1e9);
    return buf;
}

/* ---- SIGTERM: what the rank was doing, written by the handler -------------------- */

static char term_text[2][1600];
static size_t term_len[2];
static volatile sig_atomic_t term_which = -1;

static void on_term(int sig)
{
    int w = term_which;
    if (w >= 0 && write(STDERR_FILENO, term_text[w], term_len[w]) < 0)
        w = -1; /* nothing more to do about it */
    _exit(128 + sig);
}

/* The handler's message from now on. */
static void term_say(const char *text)
{
    int w = term_which == 0 ? 1 : 0;
    snprintf(term_text[w], sizeof term_text[w], "%s", text);
    term_len[w] = strlen(term_text[w]);
    term_which = w;
}

static void term_install(bool on)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on ? on_term : SIG_DFL;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGTERM, &sa, NULL);
    if (!on)
        term_which = -1;
}

/* ---- egdb build --mpi -------------------------------------------------------------- */

typedef struct build_state {
    const cli_mpi_build *b;
    int said;         /* levels reported finished */
    int on_disk;      /* levels in the partial file */
    int level;        /* the level being built */
    bool started;
    char partial[1100];
} build_state;

static void term_build(build_state *bs)
{
    char text[1600], done[1200];
    if (bs->on_disk > 0)
        snprintf(done, sizeof done, "levels 0..%d are in %s: run the same command with "
                 "--resume to go on", bs->on_disk - 1, bs->partial);
    else
        snprintf(done, sizeof done, "no level was finished yet");
    if (rank == 0)
        snprintf(text, sizeof text,
                 "%s: rank %d of %d ended by SIGTERM while building level %d of %d (mpirun "
                 "ends a job's ranks so when one of them has failed or the job is stopped); "
                 "%s\n", bs->b->cmd, rank, ranks, bs->level, bs->b->max_stones, done);
    else /* (rank 0 knows the levels) */
        snprintf(text, sizeof text, "%s: rank %d of %d ended by SIGTERM\n", bs->b->cmd, rank,
                 ranks);
    term_say(text);
}

/* The test of a rank killed mid-build (tests/cli/mpi.sh) sets
 * KALAH61_TEST_HOLD_LEVEL=L: rank 0 then waits, for ever, as soon as
 * levels 0..L are on disk, so that the test kills a rank at a known
 * moment; the others wait for it in the next collective. */
static void hold_for_test(int on_disk)
{
    const char *hold = getenv("KALAH61_TEST_HOLD_LEVEL");
    if (hold && *hold && on_disk > atoi(hold))
        for (;;)
            sleep(1);
}

static bool on_build(const kalah_egdb_mpi_progress *p, void *ctx)
{
    build_state *bs = ctx;
    if (!bs->started) {
        bs->started = true;
        bs->said = p->levels_on_disk;
        if (p->levels_on_disk > 0)
            fprintf(stderr, "%s: going on from %s: levels 0..%d were finished\n", bs->b->cmd,
                    bs->partial, p->levels_on_disk - 1);
    }
    for (; bs->said < p->levels_on_disk; bs->said++)
        fprintf(stderr, "level %d of %d finished: %llu of %llu positions (%.1f%%), %.1f s\n",
                bs->said, p->max_stones, (unsigned long long)p->done,
                (unsigned long long)p->total,
                p->total ? 100.0 * (double)p->done / (double)p->total : 100.0, p->seconds);
    if (bs->on_disk != p->levels_on_disk || bs->level != p->level || term_which < 0) {
        bs->on_disk = p->levels_on_disk;
        bs->level = p->level;
        term_build(bs);
    }
    hold_for_test(p->levels_on_disk);
    return !cli_interrupted;
}

/* A rank's figures, gathered to rank 0. */
typedef struct rank_figures {
    double cpu, wall;
    uint64_t a, b, sent, received, c;
    double solving, waiting, unpacking;
} rank_figures;

static int egdb_build(const cli_mpi_build *b)
{
    entered = true;
    char rules[KALAH_TEXT_MAX], size[32], each[32];
    kalah_rules_format(&b->rules, rules, sizeof rules);
    int rc = rank == 0 ? cli_egdb_prepare(b->cmd, &b->rules, b->max_stones, b->path, false)
                       : CLI_OK;
    MPI_Bcast(&rc, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (rc != CLI_OK)
        return rc;
    uint64_t positions = kalah_egdb_positions(&b->rules, b->max_stones);
    /* What a rank may hold: its machine's memory shared among the ranks
     * there, less a fifth for everything else. */
    MPI_Comm node;
    int here = 1;
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &node);
    MPI_Comm_size(node, &here);
    MPI_Comm_free(&node);
    double ram = (double)sysconf(_SC_PHYS_PAGES) * (double)sysconf(_SC_PAGESIZE);
    uint64_t memory = ram > 0 ? (uint64_t)(0.8 * ram / here) : 0, least;
    MPI_Allreduce(&memory, &least, 1, MPI_UINT64_T, MPI_MIN, MPI_COMM_WORLD);
    if (rank == 0) {
        printf("Endgame database of %s up to %d stones in play: %llu positions, %s; %d rank%s "
               "of %d thread%s (MPI).\n", rules, b->max_stones, (unsigned long long)positions,
               bytes_text((double)positions, size, sizeof size), ranks, ranks == 1 ? "" : "s",
               b->threads, b->threads == 1 ? "" : "s");
        fflush(stdout);
    }
    build_state bs = {.b = b, .level = 0};
    snprintf(bs.partial, sizeof bs.partial, "%s.partial", b->path);
    term_build(&bs);
    term_install(true);
    cli_sigint_install(false);
    kalah_egdb_mpi_config cfg = {
        .comm = MPI_COMM_WORLD, .threads = b->threads,
        .layout = b->partition ? KALAH_EGDB_PARTITIONED : KALAH_EGDB_AUTO, .memory = least,
        .resume = b->resume, .progress = rank == 0 ? on_build : NULL, .ctx = &bs,
        .stop = &cli_interrupted};
    kalah_egdb_mpi_report rep;
    kalah_error err = {.message = ""};
    double cpu0 = cpu_seconds();
    kalah_status st = kalah_egdb_build_mpi(&b->rules, b->max_stones, b->path, &cfg, &rep, &err);
    rank_figures mine = {cpu_seconds() - cpu0, rep.seconds, rep.solved, rep.held, rep.sent,
                         rep.received, rep.gets, rep.seconds_solving, rep.seconds_waiting,
                         rep.seconds_unpacking};
    rank_figures *all = rank == 0 ? calloc((size_t)ranks, sizeof *all) : NULL;
    MPI_Gather(&mine, (int)sizeof mine, MPI_BYTE, all, (int)sizeof mine, MPI_BYTE, 0,
               MPI_COMM_WORLD);
    term_install(false);
    if (st != KALAH_OK) {
        if (rank == 0) {
            char done[1200];
            if (bs.on_disk > 0)
                snprintf(done, sizeof done, "levels 0..%d are in %s: run the same command "
                         "with --resume to go on", bs.on_disk - 1, bs.partial);
            else
                snprintf(done, sizeof done, "no level was finished");
            if (cli_interrupted && strcmp(err.message, "stopped") == 0)
                fprintf(stderr, "%s: interrupted at level %d; %s\n", b->cmd, bs.level, done);
            else if (!bs.started) /* before the first level: nothing was done */
                fprintf(stderr, "%s: cannot build the database: %s\n", b->cmd, err.message);
            else
                fprintf(stderr, "%s: cannot build the database: %s; %s\n", b->cmd, err.message,
                        done);
        }
        free(all);
        return CLI_FAIL;
    }
    if (rank == 0) {
        const char *how = rep.layout == KALAH_EGDB_REPLICATED ? "replicated" : "partitioned";
        char why[200];
        if (rep.layout == KALAH_EGDB_REPLICATED)
            snprintf(why, sizeof why, "every rank holds all the values: %s fit in %s a rank",
                     size, bytes_text((double)least, each, sizeof each));
        else if (b->partition)
            snprintf(why, sizeof why, "each rank holds its share of the values (--partition)");
        else
            snprintf(why, sizeof why, "each rank holds its share: %s do not fit in %s a rank",
                     size, bytes_text((double)least, each, sizeof each));
        printf("Built %llu positions in %.2f s over %d rank%s of %d thread%s, %s (%s).\n",
               (unsigned long long)positions, rep.seconds, ranks, ranks == 1 ? "" : "s",
               rep.threads, rep.threads == 1 ? "" : "s", how, why);
        if (rep.resumed_levels > 0)
            printf("Levels 0..%d came from %s.\n", rep.resumed_levels - 1, bs.partial);
        printf("  rank  solved      CPU s   wall s  (solving waiting unpacking)  held        "
               "sent        received    MPI_Get calls\n");
        for (int k = 0; k < ranks; k++) {
            char h[32], s1[32], s2[32];
            printf("  %4d  %-10llu  %6.2f  %6.2f  (%7.2f %7.2f %9.2f)  %-10s  %-10s  %-10s  "
                   "%llu\n", k, (unsigned long long)all[k].a, all[k].cpu, all[k].wall,
                   all[k].solving, all[k].waiting, all[k].unpacking,
                   bytes_text((double)all[k].b, h, sizeof h),
                   bytes_text((double)all[k].sent, s1, sizeof s1),
                   bytes_text((double)all[k].received, s2, sizeof s2),
                   (unsigned long long)all[k].c);
        }
        printf("Saved to %s\n", b->path);
        fflush(stdout);
    }
    free(all);
    return CLI_OK;
}

/* ---- solve --mpi --------------------------------------------------------------------- */

static kalah_solve_mpi_report last;
static rank_figures *solve_figures;
static int solve_threads;

static kalah_status solve(cli_solver *s, const kalah_pos *p, bool all, int leaves,
                          kalah_solution *sol, kalah_error *err)
{
    entered = true;
    solve_threads = s->threads;
    kalah_solve_mpi_config cfg = {
        .comm = MPI_COMM_WORLD, .leaves = leaves, .max_nodes = s->opts.nodes,
        .max_seconds = s->opts.seconds, .stop = &cli_interrupted,
        .progress = rank == 0 && (s->progress || s->lines) ? cli_solver_progress : NULL,
        .ctx = s, .progress_interval = s->lines ? 1e-9 : 0};
    s->last_seconds = 0;
    s->next_mark = 1000000;
    double cpu0 = cpu_seconds(), t0 = kalah_now();
    kalah_status st = kalah_solve_mpi(s->solver, p, all, &cfg, sol, &last, err);
    if (s->last_seconds > 0) {
        fputs("\r\033[K", stderr);
        fflush(stderr);
    }
    rank_figures mine = {cpu_seconds() - cpu0, kalah_now() - t0, last.rank_nodes,
                         last.rank_jobs, last.sent, last.received, 0, 0, 0, 0};
    free(solve_figures);
    solve_figures = rank == 0 ? calloc((size_t)ranks, sizeof *solve_figures) : NULL;
    MPI_Gather(&mine, (int)sizeof mine, MPI_BYTE, solve_figures, (int)sizeof mine, MPI_BYTE, 0,
               MPI_COMM_WORLD);
    return st;
}

static void summary(FILE *out)
{
    if (rank != 0 || !solve_figures)
        return;
    char nodes[32];
    fprintf(out, "Over MPI: %d rank%s of %d thread%s; a frontier of %d positions (%d in the "
                 "tree above it); %llu tests, %llu of them stopped early (moot, or at the end).\n",
            ranks, ranks == 1 ? "" : "s", solve_threads, solve_threads == 1 ? "" : "s",
            last.leaves, last.nodes_in_tree, (unsigned long long)last.jobs,
            (unsigned long long)last.stopped);
    for (int k = 0; k < ranks; k++) {
        char s1[32], s2[32];
        const rank_figures *f = &solve_figures[k];
        fprintf(out, "  rank %d: %s nodes, %llu tests, %.2f s CPU, sent %s, received %s\n", k,
                cli_count((double)f->a, nodes, sizeof nodes), (unsigned long long)f->b, f->cpu,
                bytes_text((double)f->sent, s1, sizeof s1),
                bytes_text((double)f->received, s2, sizeof s2));
    }
    free(solve_figures);
    solve_figures = NULL;
}

/* ---- the program's part ------------------------------------------------------------------ */

static cli_mpi_ops ops = {.egdb_build = egdb_build, .solve = solve, .summary = summary};

void cli_mpi_start(void)
{
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    MPI_Comm node;
    int here = 1;
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &node);
    MPI_Comm_size(node, &here);
    MPI_Comm_free(&node);
    int share = cli_cpus() / here;
    ops.threads = share < 1 ? 1 : share > KALAH_SOLVE_MAX_THREADS ? KALAH_SOLVE_MAX_THREADS : share;
    cli_mpi = &ops;
}

bool cli_mpi_entered(void)
{
    return entered;
}
