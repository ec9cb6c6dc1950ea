# kalah solve with a technique switched off (FLAG) finds the same value, and
# the switch is used: the one-thread search is not the same node for node.
# --no-compact: the wide table (four 16-byte entries a bucket instead of
# eight one-word ones), with a table of 1 MB (TT), too small for Kalah(5,3),
# holds half the entries. --no-history: moves the rules' order ties stay
# right to left.
# (cmake -DKALAH=... -DFLAG=... -DTT=... -P switch_nodes.cmake;
# KALAH61_EGDB_DIR set by the caller.)
# The value is the reference table's (shared/reference/kalah.md): +6.
foreach(how on off)
  set(extra)
  if(how STREQUAL "off")
    set(extra ${FLAG})
  endif()
  execute_process(COMMAND "${KALAH}" solve kalah-5-3 --threads 1 --tt ${TT} --quiet ${extra}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0 OR NOT out MATCHES "\nValue: \\+6 \\(South to move\\)")
    message(FATAL_ERROR "${FLAG} ${how}: exit code ${rc}, not the value +6:\n${out}\n${err}")
  endif()
  if(NOT out MATCHES "\nSolved: ([0-9.]+ k?) ?nodes in ")
    message(FATAL_ERROR "${FLAG} ${how}: no node count:\n${out}")
  endif()
  set(nodes_${how} "${CMAKE_MATCH_1}")
endforeach()
if(nodes_on STREQUAL nodes_off)
  message(FATAL_ERROR "${FLAG} changed nothing: ${nodes_on} nodes both ways")
endif()
message(STATUS "nodes: ${nodes_on} without ${FLAG}, ${nodes_off} with it")
