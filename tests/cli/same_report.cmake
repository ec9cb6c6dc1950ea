# Runs CMD with ARGS_A and with ARGS_B (CMake lists) and fails unless both
# exit 0 and print the same, once the seconds a run took (" 1.2 s" at a
# line's end, and the judge's "N ms a judgement, at most M ms") are taken
# out. For `mk61 crosscheck --jobs`: the same report whatever N.
foreach(which A B)
  execute_process(COMMAND ${CMD} ${ARGS_${which}} RESULT_VARIABLE rc
                  OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${CMD} ${ARGS_${which}}: exit ${rc}\n${out}${err}")
  endif()
  string(REGEX REPLACE "; [0-9.]+ s\n" ";\n" out "${out}")
  string(REGEX REPLACE "[0-9]+ ms a judgement, at most [0-9]+ ms" "" out "${out}")
  set(out_${which} "${out}")
endforeach()
if(NOT out_A STREQUAL out_B)
  message(FATAL_ERROR "different reports:\n${ARGS_A}:\n${out_A}\n${ARGS_B}:\n${out_B}")
endif()
if(out_A STREQUAL "")
  message(FATAL_ERROR "no report")
endif()
message(STATUS "the same:\n${out_A}")
