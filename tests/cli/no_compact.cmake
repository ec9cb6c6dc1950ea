# kalah solve --no-compact: the wide table (four 16-byte entries a bucket
# instead of eight one-word ones) finds the same value, and is used: with a
# table of 1 MB, too small for Kalah(5,3), it holds half the entries and
# the one-thread search is not the same node for node.
# (cmake -DKALAH=... -P no_compact.cmake; KALAH61_EGDB_DIR set by the caller.)
# The value is the reference table's (shared/reference/kalah.md): +6.
foreach(how compact wide)
  set(extra)
  if(how STREQUAL "wide")
    set(extra --no-compact)
  endif()
  execute_process(COMMAND "${KALAH}" solve kalah-5-3 --threads 1 --tt 1 --quiet ${extra}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0 OR NOT out MATCHES "\nValue: \\+6 \\(South to move\\)")
    message(FATAL_ERROR "${how}: exit code ${rc}, not the value +6:\n${out}\n${err}")
  endif()
  if(NOT out MATCHES "\nSolved: ([0-9.]+ k?) ?nodes in ")
    message(FATAL_ERROR "${how}: no node count:\n${out}")
  endif()
  set(nodes_${how} "${CMAKE_MATCH_1}")
endforeach()
if(nodes_compact STREQUAL nodes_wide)
  message(FATAL_ERROR "--no-compact changed nothing: ${nodes_compact} nodes both ways")
endif()
message(STATUS "nodes: compact ${nodes_compact}, wide ${nodes_wide}")
