# mk61 search --json --svg on a few positions, each pair of files checked by
# search_files_check (the JSON's values against the core's, the SVG's
# well-formedness). Run by tests/cli/mk61_search.cmake with MK61, CHECK,
# PROGRAM and DIR defined.
file(MAKE_DIRECTORY ${DIR})
set(cases
  "--stones|4|--depth|1|--moves|2"
  "--stones|3|--depth|2|--first|calculator"
  "--stones|3|--depth|3|--moves|2"
  "--stones|6|--depth|3|--moves|1 3"
  "--stones|1|--depth|3|--moves|4 3")
set(k 0)
foreach(c IN LISTS cases)
  string(REPLACE "|" ";" args "${c}")
  math(EXPR k "${k} + 1")
  execute_process(COMMAND ${MK61} search ${args} --program ${PROGRAM}
                    --json ${DIR}/t${k}.json --svg ${DIR}/t${k}.svg
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "mk61 search ${args}: exit ${rc}\n${out}${err}")
  endif()
  execute_process(COMMAND ${CHECK} ${DIR}/t${k}.json ${DIR}/t${k}.svg
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "mk61 search ${args}: ${out}${err}")
  endif()
endforeach()
