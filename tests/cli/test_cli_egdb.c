/* test_cli_egdb: cli_egdb_ensure (core/cli/kalah_cli_egdb.c), the "find the
 * default database of the rules, or build it once" of 'kalah bench
 * --compare', on Kalah(4,3) with small databases in a temporary
 * KALAH61_EGDB_DIR: built when missing, smaller or damaged, reused after,
 * a file of other rules left alone, rules no database serves refused, and
 * a directory where nothing can be written reported without a file left
 * behind. */
#define _POSIX_C_SOURCE 200809L /* mkdtemp, setenv, dup */
#include "../check_run.h"
#include "kalah_cli.h"

#include <check.h>
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Positions of 4-pit Kalah with at most 8 (6) stones in the 8 pits: the
 * ways to put up to 8 stones in 8 pits, C(8 + 8, 8) = 12870 (C(14, 8) =
 * 3003). */
#define POSITIONS_8 12870
#define POSITIONS_6 3003

static char dir[256];

static void dir_make(void)
{
    const char *tmp = getenv("TMPDIR");
    snprintf(dir, sizeof dir, "%s/kalah61_cli_egdb_XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(dir))
        dir[0] = '\0';
}

/* Removes dir and what is in it (files only: nothing here makes more). */
static void dir_remove(void)
{
    if (!dir[0])
        return;
    DIR *d = opendir(dir);
    for (struct dirent *e; d && (e = readdir(d));) {
        char path[600];
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        unlink(path);
    }
    if (d)
        closedir(d);
    rmdir(dir);
}

static kalah_rules rules_of(const char *text)
{
    kalah_rules r;
    kalah_error err;
    ck_assert_msg(kalah_rules_parse(text, &r, &err) == KALAH_OK, "%s: %s", text, err.message);
    return r;
}

/* What cli_egdb_ensure wrote on stderr during the last call of ensure(). */
static char said[4096];

/* cli_egdb_ensure with its stderr caught in said. */
static int ensure(const char *rules, int min_stones, cli_egdb_ready *out)
{
    kalah_rules r = rules_of(rules);
    char name[300];
    snprintf(name, sizeof name, "%s/stderr.txt", dir);
    FILE *f = fopen(name, "w+");
    ck_assert_ptr_nonnull(f);
    fflush(stderr);
    int saved = dup(STDERR_FILENO);
    dup2(fileno(f), STDERR_FILENO);
    int rc = cli_egdb_ensure("test", &r, min_stones, 2, out);
    fflush(stderr);
    dup2(saved, STDERR_FILENO);
    close(saved);
    rewind(f);
    size_t n = fread(said, 1, sizeof said - 1, f);
    said[n] = '\0';
    fclose(f);
    unlink(name);
    return rc;
}

/* The database at path must open for rules and hold max_stones stones and
 * positions positions. */
static void holds(const char *path, const char *rules, int max_stones, uint64_t positions)
{
    kalah_rules r = rules_of(rules);
    kalah_egdb *db;
    kalah_error err;
    ck_assert_msg(kalah_egdb_open(path, &r, &db, &err) == KALAH_OK, "%s", err.message);
    kalah_egdb_info info;
    kalah_egdb_describe(db, &info);
    kalah_egdb_free(db);
    ck_assert_int_eq(info.max_stones, max_stones);
    ck_assert_uint_eq(info.positions, positions);
}

static void in_dir(void)
{
    ck_assert_msg(dir[0], "no temporary directory");
    setenv("KALAH61_EGDB_DIR", dir, 1);
}

START_TEST(builds_when_missing_then_reuses)
{
    in_dir();
    char want[400];
    snprintf(want, sizeof want, "%s/kalah-4-any.egdb", dir);
    cli_egdb_ready a, b;
    ck_assert_int_eq(ensure("kalah-4-3", 8, &a), CLI_OK);
    ck_assert_msg(a.built, "nothing was built: %s", said);
    ck_assert_str_eq(a.path, want);
    ck_assert_int_eq(a.max_stones, 8);
    ck_assert_int_eq(a.threads, 2);
    ck_assert(a.wall >= 0 && a.cpu >= 0);
    ck_assert_msg(strstr(said, "building one, once"), "stderr: %s", said);
    holds(want, "kalah-4-3", 8, POSITIONS_8);
    struct stat s1, s2;
    ck_assert_int_eq(stat(want, &s1), 0);

    /* Another number of stones per pit, same file: found, not rebuilt. */
    ck_assert_int_eq(ensure("kalah-4-5", 8, &b), CLI_OK);
    ck_assert_msg(!b.built, "built again: %s", said);
    ck_assert_str_eq(b.path, want);
    ck_assert_int_eq(b.max_stones, 8);
    ck_assert(b.wall == 0 && b.cpu == 0);
    ck_assert_str_eq(said, "");
    ck_assert_int_eq(stat(want, &s2), 0);
    ck_assert(s1.st_ino == s2.st_ino);
    ck_assert(s1.st_mtim.tv_sec == s2.st_mtim.tv_sec && s1.st_mtim.tv_nsec == s2.st_mtim.tv_nsec);
}
END_TEST

START_TEST(a_smaller_one_is_replaced_a_larger_one_kept)
{
    in_dir();
    cli_egdb_ready a;
    ck_assert_int_eq(ensure("kalah-4-3", 6, &a), CLI_OK);
    ck_assert(a.built);
    holds(a.path, "kalah-4-3", 6, POSITIONS_6);
    ck_assert_int_eq(ensure("kalah-4-3", 8, &a), CLI_OK);
    ck_assert_msg(a.built, "the 6-stone one was kept: %s", said);
    ck_assert_msg(strstr(said, "holds only 6"), "stderr: %s", said);
    holds(a.path, "kalah-4-3", 8, POSITIONS_8);
    ck_assert_int_eq(ensure("kalah-4-3", 6, &a), CLI_OK);
    ck_assert_msg(!a.built, "the 8-stone one was replaced: %s", said);
    ck_assert_int_eq(a.max_stones, 8);
}
END_TEST

START_TEST(a_damaged_one_is_rebuilt)
{
    in_dir();
    char path[400];
    snprintf(path, sizeof path, "%s/kalah-4-any.egdb", dir);
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs("This is not an endgame database, though it is long enough for a header.\n", f);
    fclose(f);
    cli_egdb_ready a;
    ck_assert_int_eq(ensure("kalah-4-3", 6, &a), CLI_OK);
    ck_assert_msg(a.built, "not rebuilt: %s", said);
    ck_assert_msg(strstr(said, "is damaged"), "stderr: %s", said);
    holds(path, "kalah-4-3", 6, POSITIONS_6);
}
END_TEST

/* A database of empty captures under the name of standard captures' one:
 * refused, and left as it was. */
START_TEST(a_file_of_other_rules_is_left_alone)
{
    in_dir();
    cli_egdb_ready a;
    ck_assert_int_eq(ensure("kalah-4-3+empty", 6, &a), CLI_OK);
    char path[400];
    snprintf(path, sizeof path, "%s/kalah-4-any.egdb", dir);
    ck_assert_int_eq(rename(a.path, path), 0);
    struct stat s1, s2;
    ck_assert_int_eq(stat(path, &s1), 0);
    ck_assert_int_eq(ensure("kalah-4-3", 6, &a), CLI_FAIL);
    ck_assert_msg(strstr(said, "is for other rules than kalah-4-3"), "stderr: %s", said);
    ck_assert_int_eq(stat(path, &s2), 0);
    ck_assert(s1.st_ino == s2.st_ino && s1.st_size == s2.st_size);
    holds(path, "kalah-4-3+empty", 6, POSITIONS_6);
}
END_TEST

/* Nothing can be made under a regular file, nor in /proc (not even by
 * root): an error with a message, not a crash, and no file. */
START_TEST(unwritable_places_are_reported)
{
    ck_assert_msg(dir[0], "no temporary directory");
    char file[300], below[400];
    snprintf(file, sizeof file, "%s/plain", dir);
    FILE *f = fopen(file, "w");
    ck_assert_ptr_nonnull(f);
    fclose(f);
    snprintf(below, sizeof below, "%s/sub", file);
    setenv("KALAH61_EGDB_DIR", below, 1);
    cli_egdb_ready a;
    ck_assert_int_eq(ensure("kalah-4-3", 6, &a), CLI_FAIL);
    ck_assert_msg(strstr(said, "test: cannot create the directory of "), "stderr: %s", said);
    ck_assert(!a.built);
    struct stat st;
    if (stat("/proc", &st) == 0 && S_ISDIR(st.st_mode)) {
        setenv("KALAH61_EGDB_DIR", "/proc", 1);
        ck_assert_int_eq(ensure("kalah-4-3", 6, &a), CLI_FAIL);
        ck_assert_msg(strstr(said, "test: cannot write the database /proc/kalah-4-any.egdb: "),
                      "stderr: %s", said);
        ck_assert_int_ne(stat("/proc/kalah-4-any.egdb", &st), 0);
    }
}
END_TEST

START_TEST(rules_without_a_database_are_refused)
{
    in_dir();
    cli_egdb_ready a;
    ck_assert_int_eq(ensure("kalah-4-3+decided", 6, &a), CLI_USAGE);
    ck_assert_msg(strstr(said, "no endgame database serves kalah-4-3+decided"), "stderr: %s",
                  said);
    ck_assert_int_eq(ensure("relay-4-3", 6, &a), CLI_USAGE);
    DIR *d = opendir(dir);
    ck_assert_ptr_nonnull(d);
    int files = 0;
    for (struct dirent *e; (e = readdir(d));)
        files += e->d_name[0] != '.';
    closedir(d);
    ck_assert_int_eq(files, 0);
}
END_TEST

START_TEST(no_default_place)
{
    unsetenv("KALAH61_EGDB_DIR");
    unsetenv("XDG_CACHE_HOME");
    unsetenv("HOME");
    cli_egdb_ready a;
    ck_assert_int_eq(ensure("kalah-4-3", 6, &a), CLI_USAGE);
    ck_assert_msg(strstr(said, "no default place"), "stderr: %s", said);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("cli_egdb_ensure");
    TCase *tc = tcase_create("ensure");
    /* A fresh directory for each test (each runs in a child process). */
    tcase_add_checked_fixture(tc, dir_make, dir_remove);
    tcase_add_test(tc, builds_when_missing_then_reuses);
    tcase_add_test(tc, a_smaller_one_is_replaced_a_larger_one_kept);
    tcase_add_test(tc, a_damaged_one_is_rebuilt);
    tcase_add_test(tc, a_file_of_other_rules_is_left_alone);
    tcase_add_test(tc, unwritable_places_are_reported);
    tcase_add_test(tc, rules_without_a_database_are_refused);
    tcase_add_test(tc, no_default_place);
    suite_add_tcase(s, tc);
    return kalah_check_run(s);
}
