/*
 * --mpi in kalah: the work over MPI is done by kalah-mpi, a program of its
 * own beside kalah, so that kalah (and its Debian package) depends on no MPI
 * library; kalah parses the command line, then becomes kalah-mpi with the
 * same arguments (the same process, so mpirun and Slurm see no change).
 */
#include "kalah_cli.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>

const cli_mpi_ops *cli_mpi = NULL;

int cli_mpi_exec(const char *cmd, char **argv, int sub, const char *word)
{
    argv[sub] = (char *)word;
    char prog[4096];
    ssize_t n = readlink("/proc/self/exe", prog, sizeof prog - 16);
    if (n <= 0) {
        fprintf(stderr, "%s: --mpi: cannot find this program's folder (/proc/self/exe): %s\n",
                cmd, strerror(errno));
        return CLI_FAIL;
    }
    prog[n] = '\0';
    char *slash = strrchr(prog, '/');
    snprintf(slash ? slash + 1 : prog, sizeof prog - (size_t)(slash ? slash + 1 - prog : 0),
             "kalah-mpi");
    execv(prog, argv);
    fprintf(stderr,
            "%s: --mpi runs %s, which %s: build kalah61 where MPI is installed (Debian: "
            "libopenmpi-dev and openmpi-bin) and install it beside kalah "
            "(solver-cluster.md)\n",
            cmd, prog, errno == ENOENT ? "is not there" : strerror(errno));
    return CLI_FAIL;
}
