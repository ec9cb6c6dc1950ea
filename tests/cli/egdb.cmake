# kalah egdb and kalah solve's use of a database, end to end (run by
# tests/CMakeLists.txt as a script: cmake -DKALAH=... -DDIR=... -P egdb.cmake).
# Builds a small database of Kalah(4,3) into a new directory, describes it,
# checks it (and against the solver without it), damages copies of it and
# sees check refuse each with its reason and solve ignore it with a warning
# and still find the value, then finds the default database.
#   KALAH  the kalah command
#   DIR    a scratch directory (emptied first)
file(REMOVE_RECURSE "${DIR}")
file(MAKE_DIRECTORY "${DIR}")
set(ENV{KALAH61_EGDB_DIR} "${DIR}/default")

# step(NAME RC OUT ERR ARGS...): runs kalah ARGS; it must exit with RC, its
# stdout must match the regular expression OUT and its stderr contain ERR
# ("" for either: no check).
function(step name rc out err)
  execute_process(COMMAND "${KALAH}" ${ARGN} RESULT_VARIABLE got OUTPUT_VARIABLE o
                  ERROR_VARIABLE e)
  if(NOT got STREQUAL "${rc}")
    message(FATAL_ERROR "${name}: exit code ${got}, expected ${rc}\nstdout: ${o}\nstderr: ${e}")
  endif()
  if(NOT out STREQUAL "" AND NOT o MATCHES "${out}")
    message(FATAL_ERROR "${name}: stdout does not match '${out}':\n${o}\nstderr: ${e}")
  endif()
  if(NOT err STREQUAL "")
    string(FIND "${e}" "${err}" at)
    if(at EQUAL -1)
      message(FATAL_ERROR "${name}: stderr lacks '${err}':\n${e}")
    endif()
  endif()
endfunction()

# Up to 6 stones in the 8 pits, seen from the side to move: C(14,8) = 3003
# positions, one byte each. The directories of --out are created.
set(db "${DIR}/sub/dir/k43.egdb")
step(build 0 "^Endgame database of kalah-4-3 up to 6 stones in play: 3003 positions, 2\\.9 kB, 2 threads\\.\nBuilt 3003 positions \\(3003 bytes\\) in [0-9.]+ s\\.\nSaved to ${db}\n$" ""
     egdb build --pits 4 --stones 3 --max-stones 6 --threads 2 --out ${db})
step(info 0 "file +${db}\n.*rules +kalah-4-3\nmax stones +6 in play\npositions +3003\nvalues +3003 bytes .*checksum +[0-9a-f]+ \\(verified\\)" ""
     egdb info ${db})
step(check 0 "^${db}: OK \\(kalah-4-3, up to 6 stones, 3003 positions, checksum [0-9a-f]+\\)\n$" ""
     egdb check ${db})
step(verify 0 "Verified 40 random positions: 0 disagreements\\." "" egdb check ${db} --verify 40)
# Solving with it gives the value of the reference table.
step(solve_with 0 "endgame database: ${db} \\(6 stones, 3003 positions\\)\nValue: \\+6 \\(South to move\\)" ""
     solve kalah-4-3 --egdb ${db} --tt 16)
# A database of other rules is refused when named; relay Kalah has none.
step(solve_other_rules 1 "" "is for other rules than kalah-5-3" solve kalah-5-3 --egdb ${db} --tt 16)
step(solve_relay 2 "" "no endgame database serves relay-4-3" solve relay-4-3 --egdb ${db})

# Damaged copies: bytes appended; not a database; too short; a value changed
# (with dd, when there is one).
set(long "${DIR}/long.egdb")
file(COPY_FILE "${db}" "${long}")
file(APPEND "${long}" "xx")
step(check_long 1 "" "long.egdb is damaged: it has bytes past its end" egdb check ${long})
file(WRITE "${DIR}/text.egdb" "This is not an endgame database, though it is long enough to hold a header of one.\n")
step(check_text 1 "" "text.egdb is damaged: not an endgame database (wrong magic)" egdb check ${DIR}/text.egdb)
file(WRITE "${DIR}/short.egdb" "K61")
step(check_short 1 "" "short.egdb is damaged: shorter than its header" egdb info ${DIR}/short.egdb)
step(solve_long 0 "Value: \\+6 \\(South to move\\)" "warning: ${long} is damaged: it has bytes past its end"
     solve kalah-4-3 --egdb ${long} --tt 16)
find_program(DD dd)
if(DD)
  set(flip "${DIR}/flip.egdb")
  file(COPY_FILE "${db}" "${flip}")
  execute_process(COMMAND ${DD} of=${flip} bs=1 seek=1000 count=1 conv=notrunc
                  INPUT_FILE "${DIR}/short.egdb" OUTPUT_QUIET ERROR_QUIET)
  step(check_flip 1 "" "flip.egdb is damaged: the values' checksum does not match" egdb check ${flip})
endif()
step(check_missing 1 "" "cannot open ${DIR}/none.egdb" egdb check ${DIR}/none.egdb)
step(solve_missing 1 "" "cannot open the endgame database ${DIR}/none.egdb" solve kalah-4-3 --egdb ${DIR}/none.egdb)

# The default place: build writes there (creating it), solve finds it there;
# a damaged default database is ignored with a warning that says how to
# rebuild it, and --no-egdb leaves it alone.
set(def "${DIR}/default/kalah-4-any.egdb")
step(build_default 0 "Saved to ${def}\n" "" egdb build --rules kalah-4-3 --max-stones 6)
step(check_default 0 "^${def}: OK" "" egdb check --rules kalah-4-3)
step(solve_default 0 "endgame database: ${def} \\(6 stones, 3003 positions\\)\nValue: \\+6 " ""
     solve kalah-4-3 --tt 16)
file(COPY_FILE "${long}" "${def}")
step(solve_default_damaged 0 "kalah-4-3:S:3,3,3,3/0:3,3,3,3/0 \\(South to move\\)\nValue: \\+6 "
     "warning: ${def} is damaged: it has bytes past its end\nkalah solve: going on without an endgame database; rebuild it with\n  kalah egdb build --rules kalah-4-3 --max-stones K\n"
     solve kalah-4-3 --tt 16)
step(solve_no_egdb 0 "\\(South to move\\)\nValue: \\+6 " "" solve kalah-4-3 --tt 16 --no-egdb)
step(analyze_damaged 0 "exact solver for South:\n     pit 1: loses by 6\n  -> pit 2: wins by 6\n" "warning: ${def} is damaged"
     analyze kalah-4-3 --exact --tt 16)

# kalah bench --compare wants a database of 6-pit Kalah with standard
# captures holding at least 20 stones: one with fewer, or of other rules,
# named with --egdb is refused (exit code 2) before any case runs.
set(k6 "${DIR}/k6-4.egdb")
step(build_k6 0 "" "" egdb build --rules kalah-6-4 --max-stones 4 --threads 1 --out ${k6})
step(compare_few 2 "^kalah bench --compare: [^\n]*\n$"
     "kalah bench: ${k6} holds 4 stones in play; --compare needs at least 20 (leave out --egdb"
     bench --compare --egdb ${k6} --tt 16)
step(compare_other_rules 2 "^kalah bench --compare: [^\n]*\n$"
     "kalah bench: ${db} is for other rules than kalah-6-4: --compare needs a database of kalah-6-any\n"
     bench --compare --egdb ${db} --tt 16)
step(compare_missing 1 "" "kalah bench: cannot open ${DIR}/none.egdb" bench --compare --egdb ${DIR}/none.egdb)
