# Shared by .ci/play and .ci/test (sourced, not run): install what is missing,
# configure and build. Every dependency is a Debian 12 package.
#
# Environment:
#   KALAH61_NO_INSTALL=1   never call apt-get; only say what is missing
#   KALAH61_JOBS=N         parallel build and test jobs (default: nproc)

# Why each package is here (the README says the same):
#   gcc make libc6-dev     the C compiler and its C library headers
#   cmake pkg-config       the build, and finding the libraries below
#   check                  the test framework
#   libsdl2-dev libsdl2-ttf-dev          the calculator's window
#   fonts-dseg fonts-dejavu-core         its display and its labels
#   zlib1g-dev                           its screenshots (PNG) and saved games' checksums
#   clang libclang-rt-14-dev             the fuzzers (libFuzzer; .ci/fuzz)
#   valgrind                             the memcheck pass of the commands (.ci/valgrind)
#   libopenmpi-dev openmpi-bin           kalah-mpi (egdb build --mpi, solve --mpi) and its
#                                        tests with several ranks (mpirun)
#   help2man                             the man pages, written from each --help
#   dpkg-dev                             the .deb's library dependencies (dpkg-shlibdeps)
#   desktop-file-utils lintian man-db    checking the installed tree and the .deb (.ci/package)
K61_PACKAGES="gcc make libc6-dev cmake pkg-config check libsdl2-dev libsdl2-ttf-dev fonts-dseg fonts-dejavu-core zlib1g-dev libjson-c-dev clang libclang-rt-14-dev valgrind libopenmpi-dev openmpi-bin help2man dpkg-dev desktop-file-utils lintian man-db"

k61_say() { printf 'kalah61: %s\n' "$*" >&2; }
k61_die() { k61_say "$*"; exit 1; }

k61_jobs() { printf '%s' "${KALAH61_JOBS:-$(nproc 2>/dev/null || echo 2)}"; }

# Prints the packages of K61_PACKAGES that dpkg does not have installed.
k61_missing() {
  local p
  for p in $K61_PACKAGES; do
    dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q ' installed$' || printf '%s ' "$p"
  done
}

# Installs what is missing: as root directly, otherwise through sudo. Asks
# nothing when nothing is missing, so a built tree never waits for input.
k61_install() {
  if ! command -v dpkg-query >/dev/null 2>&1; then
    k61_say "not a Debian system: make sure these (or their equivalents) are installed: $K61_PACKAGES"
    return 0
  fi
  local missing
  missing=$(k61_missing)
  missing=${missing% }
  [ -n "$missing" ] || return 0
  if [ "${KALAH61_NO_INSTALL:-0}" = 1 ]; then
    k61_say "missing Debian packages (KALAH61_NO_INSTALL=1, so not installing): $missing"
    return 0
  fi
  local sudo=() as_root="install them as root: apt-get install $missing"
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null 2>&1 || k61_die "missing Debian packages: $missing; $as_root"
    # Asks for the password once, here, and fails cleanly for a user who
    # may not use sudo.
    sudo -v || k61_die "missing Debian packages: $missing, and sudo was refused; $as_root"
    sudo=(sudo)
  fi
  local log="${TMPDIR:-/tmp}/kalah61-apt.$$.log"
  k61_say "installing Debian packages: $missing"
  # shellcheck disable=SC2086 # $missing is a list of words
  if ! { "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q &&
         "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
           --no-install-recommends $missing; } >"$log" 2>&1; then
    tail -n 20 "$log" >&2
    k61_die "apt-get failed (the whole log is $log); $as_root"
  fi
  rm -f "$log"
}

# k61_build DIR [CMAKE ARGS...]: configure DIR once, then build incrementally.
# ARGS given again to a configured DIR are applied again (a tree that .ci/play
# configured gets KALAH61_WERROR from .ci/test); without ARGS the cache stands.
k61_build() {
  local dir=$1
  shift
  if [ ! -f "$dir/CMakeCache.txt" ] || [ $# -gt 0 ]; then
    cmake -S . -B "$dir" "$@" || k61_die "configuring $dir failed"
  fi
  cmake --build "$dir" -j "$(k61_jobs)" || k61_die "building $dir failed"
}

# k61_ctest DIR [CTEST ARGS...]: the whole suite of DIR (or what ARGS select);
# CTest's summary line is the last line it prints (its "Total Test time" line
# is left out).
k61_ctest() {
  local dir=$1
  shift
  ctest --test-dir "$dir" --output-on-failure -j "$(k61_jobs)" "$@" |
    awk '/^Total Test time/ { next }
         /^$/ { blank++; next }
         { while (blank > 0) { print ""; blank-- } print; fflush() }'
}
