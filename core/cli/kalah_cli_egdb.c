/* kalah egdb build|info|check: the exact solver's endgame database. */
#include "kalah_cli.h"
#include "kalah_search.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <time.h>
#include <unistd.h>

static const char egdb_usage[] =
    "Usage: kalah egdb build [--rules R | --pits M --stones N] --max-stones K\n"
    "                        [--threads N] [--out FILE] [--mpi [--resume] [--partition]]\n"
    "       kalah egdb info {FILE | --rules R | --pits M --stones N}\n"
    "       kalah egdb check {FILE | --rules R | --pits M --stones N} [--verify N]\n"
    "\n"
    "The endgame database of the exact solver ('kalah solve'): the exact value\n"
    "of every position with at most K stones in the pits, whatever the stores\n"
    "hold, one byte each. egdb.md describes the file.\n"
    "\n"
    "  build   computes the database of the rules (as for 'kalah play':\n"
    "          kalah-6-6 unless told otherwise) and writes it to FILE, or to the\n"
    "          default place where 'kalah solve' looks for it:\n"
    "            $KALAH61_EGDB_DIR/NAME.egdb, else\n"
    "            $XDG_CACHE_HOME/kalah61/NAME.egdb, else\n"
    "            ~/.cache/kalah61/NAME.egdb\n"
    "          where NAME is the rules without the stones per pit, since one\n"
    "          database serves them all: kalah-6-any, kalah-6-any+empty\n"
    "          (directories are created). The size is printed before it starts.\n"
    "  info    what a database file holds: FILE, or the default file of the\n"
    "          rules given (one or the other is needed)\n"
    "  check   opens a file (the same way) and verifies its header and\n"
    "          checksum: OK, or the reason it is damaged (exit code 1)\n"
    "\n"
    "  --max-stones K  stones in play, 0..40; the size grows fast with K: a\n"
    "                  6-pit board up to 20 stones is 226 million positions,\n"
    "                  215 MB, about a minute to build with two threads\n"
    "  --threads N     build threads, 1..8 (default: the machine's processors)\n"
    "  --out FILE      where to write the database\n"
    "  --mpi           build over the ranks of an MPI job (mpirun -np N kalah egdb\n"
    "                  build --mpi ...; solver-cluster.md), --threads a rank;\n"
    "                  each finished level is kept in FILE.partial, renamed FILE\n"
    "                  at the end; needs kalah-mpi\n"
    "  --resume        with --mpi: go on from the levels in FILE.partial\n"
    "  --partition     with --mpi: each rank holds a share of the values, read by\n"
    "                  the others over MPI, even where each could hold them all\n"
    "  --verify N      also solve N random positions of the database without\n"
    "                  it, and compare (slow for large K)\n"
    "\n"
    "Databases serve the rules whose value does not depend on the stores:\n"
    "not +decided, not relay Kalah.\n"
    "\n"
    "Examples: kalah egdb build --stones 4 --max-stones 20\n"
    "          kalah egdb check ~/.cache/kalah61/kalah-6-any.egdb\n";

static const char *size_text(double bytes, char *buf, size_t size)
{
    if (bytes < 1 << 20)
        snprintf(buf, size, "%.1f kB", bytes / 1024);
    else if (bytes < (double)(1 << 30))
        snprintf(buf, size, "%.1f MB", bytes / (1 << 20));
    else
        snprintf(buf, size, "%.2f GB", bytes / (1 << 30));
    return buf;
}

typedef struct build_progress {
    bool tty;
    double t0, shown;
} build_progress;

static bool on_build(int level, int max_stones, uint64_t done, uint64_t total, void *ctx)
{
    build_progress *b = ctx;
    if (b->tty) {
        double t = kalah_now();
        if (t - b->shown >= 0.2 || done == total) {
            b->shown = t;
            fprintf(stderr, "\rlevel %d of %d: %llu of %llu positions (%.1f%%), %.1f s\033[K",
                    level, max_stones, (unsigned long long)done, (unsigned long long)total,
                    total ? 100.0 * (double)done / (double)total : 100.0, t - b->t0);
            fflush(stderr);
        }
    }
    return !cli_interrupted;
}

/* Seconds of CPU this process has used, all threads. */
static double cpu_now(void)
{
    return (double)clock() / CLOCKS_PER_SEC;
}

/* Whether a database can serve r; if not, says why, naming cmd. */
static bool served_or_say(const char *cmd, const kalah_rules *r, const char *rules)
{
    if (kalah_egdb_applies(r))
        return true;
    fprintf(stderr, "%s: no endgame database serves %s: under +decided and relay Kalah the "
                    "value depends on the stores\n", cmd, rules);
    return false;
}

/* Whether a file can be created in the directory of path: one is made
 * beside it and removed (as root, access() would say yes to a read-only
 * mount). errno says why not. */
static bool can_write_beside(const char *path)
{
    char tmp[1100];
    snprintf(tmp, sizeof tmp, "%s.tmp.XXXXXX", path);
    int fd = mkstemp(tmp);
    if (fd < 0)
        return false;
    close(fd);
    unlink(tmp);
    return true;
}

/* Builds the database of r up to max_stones with threads threads and saves
 * it at path, creating its directory; what it does goes to say as 'kalah
 * egdb build' prints it, the progress to stderr on a terminal. Before the
 * build, refuses (with a message naming cmd) what cannot end well: a count
 * too large, more memory than the machine has, a directory that cannot be
 * created or written, less free disk space than the file needs. *wall and
 * *cpu get the build's seconds, the saving not counted. Returns CLI_OK or
 * the exit code of the reported error; on an error no file is left (the
 * directories made may stay). */
/* The first checks of cli_egdb_prepare: the count, the memory. */
static int check_size(const char *cmd, const kalah_rules *r, int max_stones, bool check_memory)
{
    char rules[KALAH_TEXT_MAX], sz[32];
    kalah_rules_format(r, rules, sizeof rules);
    uint64_t positions = kalah_egdb_positions(r, max_stones);
    if (positions == 0) {
        fprintf(stderr, "%s: a database of %s up to %d stones is too large to count\n", cmd,
                rules, max_stones);
        return CLI_USAGE;
    }
    /* The values are built in memory: refuse what the machine cannot hold. */
    double ram = (double)sysconf(_SC_PHYS_PAGES) * (double)sysconf(_SC_PAGESIZE);
    if (check_memory && ram > 0 && (double)positions > 0.9 * ram) {
        int fit = max_stones;
        while (fit > 0 && (double)kalah_egdb_positions(r, fit) > 0.9 * ram)
            fit--;
        char have[32];
        fprintf(stderr, "%s: a database of %s up to %d stones needs %s of memory, and "
                        "this machine has %s: --max-stones %d fits\n", cmd, rules, max_stones,
                size_text((double)positions, sz, sizeof sz), size_text(ram, have, sizeof have),
                fit);
        return CLI_FAIL;
    }
    return CLI_OK;
}

/* The others: the directory, the disk. */
static int check_place(const char *cmd, const kalah_rules *r, int max_stones, const char *path)
{
    char sz[32];
    uint64_t positions = kalah_egdb_positions(r, max_stones);
    if (!cli_make_parent(path)) {
        fprintf(stderr, "%s: cannot create the directory of %s: %s\n", cmd, path,
                strerror(errno));
        return CLI_FAIL;
    }
    if (!can_write_beside(path)) {
        fprintf(stderr, "%s: cannot write the database %s: no file can be created in its "
                        "directory: %s\n", cmd, path, strerror(errno));
        return CLI_FAIL;
    }
    /* The file is the values and a small header (64 KiB spare for it and
     * the file system's blocks); an old file there stays until the new one
     * is renamed over it, so its room does not count. */
    struct statvfs fs;
    char dir[1024];
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    if (!slash)
        snprintf(dir, sizeof dir, ".");
    else
        slash[slash == dir] = '\0'; /* "/x.egdb": "/" */
    double need = (double)positions + 65536, free_bytes;
    if (statvfs(dir, &fs) == 0 &&
        (free_bytes = (double)fs.f_bavail * (double)fs.f_frsize) < need) {
        char have[32];
        fprintf(stderr, "%s: not enough disk space for the database %s: it needs %s, and %s "
                        "is free there\n", cmd, path, size_text(need, sz, sizeof sz),
                size_text(free_bytes, have, sizeof have));
        return CLI_FAIL;
    }
    return CLI_OK;
}

int cli_egdb_prepare(const char *cmd, const kalah_rules *r, int max_stones, const char *path,
                     bool check_memory)
{
    int rc = check_size(cmd, r, max_stones, check_memory);
    return rc == CLI_OK ? check_place(cmd, r, max_stones, path) : rc;
}

static int build_save(const char *cmd, const kalah_rules *r, int max_stones, int threads,
                      const char *path, FILE *say, double *wall, double *cpu)
{
    char rules[KALAH_TEXT_MAX], sz[32];
    kalah_rules_format(r, rules, sizeof rules);
    *wall = *cpu = 0;
    int rc = check_size(cmd, r, max_stones, true);
    if (rc != CLI_OK)
        return rc;
    uint64_t positions = kalah_egdb_positions(r, max_stones);
    fprintf(say, "Endgame database of %s up to %d stones in play: %llu positions, %s, %d "
                 "thread%s.\n", rules, max_stones, (unsigned long long)positions,
            size_text((double)positions, sz, sizeof sz), threads, threads == 1 ? "" : "s");
    fflush(say);
    rc = check_place(cmd, r, max_stones, path);
    if (rc != CLI_OK)
        return rc;
    build_progress b = {isatty(STDERR_FILENO) != 0, kalah_now(), 0};
    double cpu0 = cpu_now();
    kalah_egdb *db = NULL;
    kalah_error err;
    kalah_status st = kalah_egdb_build(r, max_stones, threads, on_build, &b, &db, &err);
    *wall = kalah_now() - b.t0;
    *cpu = cpu_now() - cpu0;
    if (b.tty)
        fputs("\r\033[K", stderr);
    if (st != KALAH_OK) {
        if (cli_interrupted)
            fprintf(stderr, "%s: interrupted after %.1f s; nothing was written\n", cmd, *wall);
        else
            fprintf(stderr, "%s: cannot build the database: %s\n", cmd, err.message);
        return CLI_FAIL;
    }
    kalah_egdb_info info;
    kalah_egdb_describe(db, &info);
    fprintf(say, "Built %llu positions (%zu bytes) in %.2f s.\n",
            (unsigned long long)info.positions, info.bytes, *wall);
    st = kalah_egdb_save(db, path, &err);
    kalah_egdb_free(db);
    if (st != KALAH_OK) {
        fprintf(stderr, "%s: %s\n", cmd, err.message); /* "cannot write PATH: why" */
        return CLI_FAIL;
    }
    fprintf(say, "Saved to %s\n", path);
    fflush(say);
    return CLI_OK;
}

int cli_egdb_ensure(const char *cmd, const kalah_rules *r, int min_stones, int threads,
                    cli_egdb_ready *out)
{
    memset(out, 0, sizeof *out);
    char rules[KALAH_TEXT_MAX];
    kalah_rules_format(r, rules, sizeof rules);
    if (!served_or_say(cmd, r, rules))
        return CLI_USAGE;
    if (!cli_egdb_default_path(r, out->path, sizeof out->path)) {
        fprintf(stderr, "%s: no default place for the endgame database of %s (HOME is not "
                        "set); give --egdb FILE\n", cmd, rules);
        return CLI_USAGE;
    }
    struct stat st;
    const char *why = "there is none";
    char reason[1100];
    if (stat(out->path, &st) == 0) {
        kalah_egdb *db;
        kalah_error err;
        if (kalah_egdb_open(out->path, r, &db, &err) == KALAH_OK) {
            kalah_egdb_info info;
            kalah_egdb_describe(db, &info);
            kalah_egdb_free(db);
            if (info.max_stones >= min_stones) {
                out->max_stones = info.max_stones;
                return CLI_OK;
            }
            snprintf(reason, sizeof reason, "the one there holds only %d", info.max_stones);
        } else if (err.code == KALAH_ESYNTAX) {
            snprintf(reason, sizeof reason, "%s", err.message); /* "PATH is damaged: why" */
        } else {
            /* Not a database of these rules (or unreadable): not ours to replace. */
            fprintf(stderr, "%s: %s; move it away or give --egdb FILE\n", cmd, err.message);
            return CLI_FAIL;
        }
        why = reason;
    }
    fprintf(stderr, "%s: no endgame database of %s with at least %d stones at %s (%s): "
                    "building one, once\n", cmd, rules, min_stones, out->path, why);
    int rc = build_save(cmd, r, min_stones, threads, out->path, stderr, &out->wall, &out->cpu);
    if (rc != CLI_OK)
        return rc;
    out->built = true;
    out->threads = threads;
    out->max_stones = min_stones;
    return CLI_OK;
}

static int egdb_build(int argc, char **argv)
{
    static const struct option opts[] = {CLI_RULES_OPTS, CLI_OPT("max-stones"),
                                         CLI_OPT("threads"), CLI_OPT("out"), CLI_FLAG("mpi"),
                                         CLI_FLAG("resume"), CLI_FLAG("partition"), {0}};
    cli_args a;
    cli_args_init(&a, "kalah egdb build", argc, argv, 3, opts, "");
    cli_usage(&a, egdb_usage, NULL);
    kalah_rules r = kalah_rules_default();
    const char *out = NULL;
    int max_stones = -1, threads = 0;
    bool mpi = false, resume = false, partition = false;
    while (cli_next(&a) > 0) {
        if (cli_flag(&a, "--mpi"))
            mpi = true;
        else if (cli_flag(&a, "--resume"))
            resume = true;
        else if (cli_flag(&a, "--partition"))
            partition = true;
        else if (!cli_rules_opt(&a, &r) &&
                 !cli_int_opt(&a, "--max-stones", 0, KALAH_EGDB_MAX_STONES, &max_stones) &&
                 !cli_int_opt(&a, "--threads", 1, KALAH_SOLVE_MAX_THREADS, &threads) &&
                 !cli_got(&a, "--out", &out))
            cli_unknown(&a);
    }
    if (a.rc != CLI_GO)
        return a.rc;
    if (max_stones < 0) {
        fprintf(stderr, "kalah egdb: --max-stones is required (see 'kalah egdb --help')\n");
        return CLI_USAGE;
    }
    if ((resume || partition) && !mpi) {
        fprintf(stderr, "kalah egdb: %s goes with --mpi (see 'kalah egdb --help')\n",
                resume ? "--resume" : "--partition");
        return CLI_USAGE;
    }
    if (!cli_rules_final(&a, &r))
        return CLI_USAGE;
    char rules[KALAH_TEXT_MAX], path[1024];
    kalah_rules_format(&r, rules, sizeof rules);
    if (!served_or_say("kalah egdb", &r, rules))
        return CLI_USAGE;
    if (out) {
        snprintf(path, sizeof path, "%s", out);
    } else if (!cli_egdb_default_path(&r, path, sizeof path)) {
        fprintf(stderr, "kalah egdb: no default place for the database (HOME is not set); "
                        "give --out FILE\n");
        return CLI_USAGE;
    }
    if (mpi && !cli_mpi)
        return cli_mpi_exec("kalah egdb build", argv, 2, "build");
    if (threads == 0)
        threads = mpi ? cli_mpi->threads : cli_solve_threads(&(cli_solve_opts){0});
    if (mpi)
        return cli_mpi->egdb_build(&(cli_mpi_build){"kalah egdb build", r, max_stones, threads,
                                                    path, resume, partition});
    cli_sigint_install(false);
    double wall, cpu;
    return build_save("kalah egdb", &r, max_stones, threads, path, stdout, &wall, &cpu);
}

/* Solves n random positions of db without it and compares with its values.
 * Returns the number of disagreements, or -1 when the solver failed. */
static int verify(const kalah_egdb *db, const kalah_egdb_info *info, int n)
{
    const kalah_rules *r = &info->rules;
    kalah_solve_config cfg = {.tt_bytes = (size_t)16 << 20, .threads = 1};
    kalah_solver *s;
    kalah_error err;
    if (kalah_solver_new(r, &cfg, &s, &err) != KALAH_OK) {
        fprintf(stderr, "kalah egdb: cannot start the solver: %s\n", err.message);
        return -1;
    }
    kalah_rng rng = kalah_rng_seed(61);
    const int m = r->pits, total = kalah_rules_total(r);
    int top = info->max_stones < total ? info->max_stones : total, bad = 0, done = 0;
    for (int tries = 0; done < n && tries < 100 * n && top > 0; tries++) {
        kalah_pos p;
        memset(&p, 0, sizeof p);
        int stones = 1 + kalah_rng_below(&rng, top);
        for (int k = 0; k < stones; k++) {
            int at = kalah_rng_below(&rng, 2 * m);
            p.pit[at / m][at % m]++;
        }
        p.store[0] = (uint16_t)kalah_rng_below(&rng, total - stones + 1);
        p.store[1] = (uint16_t)(total - stones - p.store[0]);
        p.to_move = (uint16_t)kalah_rng_below(&rng, 2);
        if (kalah_over(r, &p))
            continue;
        int gain;
        kalah_solution sol;
        char text[KALAH_TEXT_MAX];
        kalah_pos_format(r, &p, text, sizeof text);
        kalah_solver_clear(s);
        if (kalah_solver_run(s, &p, false, NULL, &sol, &err) != KALAH_OK) {
            fprintf(stderr, "kalah egdb: solving %s: %s\n", text, err.message);
            kalah_solver_free(s);
            return -1;
        }
        int want = sol.value - (p.store[p.to_move] - p.store[1 - p.to_move]);
        done++;
        if (!kalah_egdb_probe(db, &p, &gain)) {
            printf("  %s: not in the database\n", text);
            bad++;
        } else if (gain != want) {
            printf("  %s: the database says %+d, the solver %+d\n", text, gain, want);
            bad++;
        }
    }
    kalah_solver_free(s);
    printf("Verified %d random positions: %d disagreement%s.\n", done, bad, bad == 1 ? "" : "s");
    return bad;
}

/* info and check: FILE, or the default file of the rules options. */
static int egdb_open_cmd(int argc, char **argv, bool check)
{
    static const struct option opts[] = {CLI_RULES_OPTS, CLI_OPT("verify"), {0}};
    cli_args a;
    cli_args_init(&a, check ? "kalah egdb check" : "kalah egdb info", argc, argv, 3, opts, "");
    cli_usage(&a, egdb_usage, NULL);
    kalah_rules r = kalah_rules_default();
    const char *file = NULL, *rules_opt = NULL;
    int verify_n = 0;
    while (cli_next(&a) > 0) {
        const char *arg = a.opt;
        if (cli_rules_opt(&a, &r))
            rules_opt = arg;
        else if (!(check && cli_int_opt(&a, "--verify", 1, 1000000, &verify_n)) &&
                 !cli_first_arg(&a, &file))
            cli_unknown(&a);
    }
    if (a.rc != CLI_GO)
        return a.rc;
    char path[1024];
    if (file && rules_opt) {
        fprintf(stderr, "kalah egdb: give FILE or %s, not both\n", rules_opt);
        return CLI_USAGE;
    } else if (file) {
        snprintf(path, sizeof path, "%s", file);
    } else if (rules_opt) {
        if (!cli_rules_final(&a, &r))
            return CLI_USAGE;
        if (!cli_egdb_default_path(&r, path, sizeof path)) {
            fprintf(stderr, "kalah egdb: no default place for the database (HOME is not set)\n");
            return CLI_USAGE;
        }
    } else {
        fprintf(stderr, "%s: which database? FILE, or the rules of its default file "
                        "(--rules, --pits, --stones) (see 'kalah egdb --help')\n", a.cmd);
        return CLI_USAGE;
    }
    kalah_egdb *db;
    kalah_error err;
    if (kalah_egdb_open(path, NULL, &db, &err) != KALAH_OK) {
        /* "FILE is damaged: why", "cannot open FILE: why" */
        fprintf(stderr, "kalah egdb: %s\n", err.message);
        return CLI_FAIL;
    }
    kalah_egdb_info info;
    kalah_egdb_describe(db, &info);
    char rules[KALAH_TEXT_MAX], sz[32];
    kalah_rules_format(&info.rules, rules, sizeof rules);
    int rc = CLI_OK;
    if (check) {
        printf("%s: OK (%s, up to %d stones, %llu positions, checksum %016llx)\n", path, rules,
               info.max_stones, (unsigned long long)info.positions,
               (unsigned long long)info.checksum);
        if (verify_n > 0) {
            fflush(stdout);
            int wrong = verify(db, &info, verify_n);
            rc = wrong == 0 ? CLI_OK : CLI_FAIL;
        }
    } else {
        struct stat st;
        printf("file        %s\n", path);
        if (stat(path, &st) == 0)
            printf("file size   %lld bytes\n", (long long)st.st_size);
        printf("rules       %s\n", rules);
        printf("max stones  %d in play\n", info.max_stones);
        printf("positions   %llu\n", (unsigned long long)info.positions);
        printf("values      %zu bytes (%s)\n", info.bytes,
               size_text((double)info.bytes, sz, sizeof sz));
        printf("checksum    %016llx (verified)\n", (unsigned long long)info.checksum);
        printf("mapped      %s\n", info.mapped ? "yes, read-only" : "no, in memory");
    }
    kalah_egdb_free(db);
    return rc;
}

int cli_egdb(int argc, char **argv)
{
    const char *sub = argc > 2 ? argv[2] : NULL;
    if (!sub) {
        fputs(egdb_usage, stderr);
        return CLI_USAGE;
    }
    if (strcmp(sub, "-h") == 0 || strcmp(sub, "--help") == 0) {
        cli_help_print(stdout, egdb_usage, NULL);
        return CLI_OK;
    }
    if (strcmp(sub, "build") == 0)
        return egdb_build(argc, argv);
    if (strcmp(sub, "info") == 0)
        return egdb_open_cmd(argc, argv, false);
    if (strcmp(sub, "check") == 0)
        return egdb_open_cmd(argc, argv, true);
    fprintf(stderr, "kalah egdb: unknown subcommand '%s': build, info or check "
                    "(see 'kalah egdb --help')\n", sub);
    return CLI_USAGE;
}
