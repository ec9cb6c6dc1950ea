# The listing printed in programs/kalah.md is the program's own table
# (mk61 disasm --table), and the program, assembled into a hex dump, loads
# and plays from the dump as the text says (a new game, then pit 3, which
# ends in the person's store: the extra turn's 0).
#   MK61 the mk61 command, PROGRAM kalah.mk61, DOC kalah.md, OUT a dump to write
execute_process(COMMAND ${MK61} disasm ${PROGRAM} --table
  RESULT_VARIABLE rc OUTPUT_VARIABLE table ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "mk61 disasm --table failed: ${err}")
endif()
file(READ ${DOC} doc)
string(FIND "${doc}" "## The listing" at)
if(at EQUAL -1)
  message(FATAL_ERROR "${DOC} has no section 'The listing'")
endif()
string(SUBSTRING "${doc}" ${at} -1 rest)
string(FIND "${rest}" "```\n" open)
math(EXPR open "${open} + 4")
string(SUBSTRING "${rest}" ${open} -1 rest)
string(FIND "${rest}" "```" close)
string(SUBSTRING "${rest}" 0 ${close} listed)
if(NOT listed STREQUAL table)
  message(FATAL_ERROR "the listing in ${DOC} is not the program's:\n--- kalah.md\n${listed}\n--- mk61 disasm --table\n${table}")
endif()

execute_process(COMMAND ${MK61} asm ${PROGRAM} -o ${OUT} RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "mk61 asm -o failed: ${err}")
endif()
execute_process(COMMAND ${MK61} run ${OUT} --profile mk61x --keys "4 В↑ 2 В↑ 1 В/О С/П 3 С/П"
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "display  \\[ 0\\. +\\]")
  message(FATAL_ERROR "the dump does not play: ${rc}\n${out}\n${err}")
endif()
