# mk61 search and mk61 asm writing to the standard output (`-`), and the
# annotated tree held against a plain alpha-beta of the test's own
# (search_tree_check). Run by tests/cli/mk61_search.cmake with MK61,
# CHECK (search_files_check), TREE (search_tree_check), PROGRAM and DIR.
file(REMOVE_RECURSE ${DIR})
file(MAKE_DIRECTORY ${DIR})

function(run out)
  execute_process(COMMAND ${MK61} ${ARGN} WORKING_DIRECTORY ${DIR}
                  RESULT_VARIABLE rc OUTPUT_FILE ${DIR}/${out} ERROR_VARIABLE err)
  if(NOT rc EQUAL 0 OR NOT err STREQUAL "")
    message(FATAL_ERROR "mk61 ${ARGN}: exit ${rc}, on stderr: ${err}")
  endif()
endfunction()

function(check)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${ARGN}:\n${out}${err}")
  endif()
  message(STATUS "${out}")
endfunction()

# The issue's own check: pure JSON, and its alphabeta_drawn nodes exactly
# those a plain alpha-beta over its tree in the listed order visits.
run(mm.json search --stones 3 --depth 3 --moves 2 --json - --program ${PROGRAM})
check(${TREE} ${DIR}/mm.json)
# The same position searched by the calculator's alpha-beta: it visits
# exactly those nodes, with their windows and cuts, and makes the same move.
file(READ ${DIR}/mm.json text)
string(JSON position GET "${text}" position)
run(ab.json search --position ${position} --depth 3 --alphabeta --json - --program ${PROGRAM})
check(${TREE} ${DIR}/mm.json ${DIR}/ab.json)
# A position with the calculator South, minimax and alpha-beta.
run(s.json search --position kalah-6-5:S:5,5,0,6,6,6/1:6,5,5,5,5,5/0 --depth 2 --json -
    --program ${PROGRAM})
run(s-ab.json search --position kalah-6-5:S:5,5,0,6,6,6/1:6,5,5,5,5,5/0 --depth 2 --alphabeta
    --json - --program ${PROGRAM})
check(${TREE} ${DIR}/s.json ${DIR}/s-ab.json)
# The SVG alone on the standard output, well-formed, beside the JSON.
run(mm.svg search --stones 3 --depth 3 --moves 2 --svg - --program ${PROGRAM})
check(${CHECK} ${DIR}/mm.json ${DIR}/mm.svg)
run(ab.svg search --position ${position} --depth 3 --alphabeta --svg - --program ${PROGRAM})
check(${CHECK} ${DIR}/ab.json ${DIR}/ab.svg)
# mk61 asm -o -: the hex dump on the standard output, as without -o.
run(hex1 asm ${PROGRAM} -o -)
run(hex2 asm ${PROGRAM})
file(READ ${DIR}/hex1 a)
file(READ ${DIR}/hex2 b)
if(NOT a STREQUAL b OR a STREQUAL "")
  message(FATAL_ERROR "mk61 asm -o - differs from mk61 asm's standard output")
endif()
if(EXISTS ${DIR}/-)
  message(FATAL_ERROR "a file named - was written")
endif()
