# The game lines the front ends show, pasted into kalah show: the same
# position there (docs/notation.md, "The calculator's pits").
#   MK61, KALAH  the commands;  PROGRAM  programs/kalah.mk61
# 1. mk61 calc: Kalah(6,2), depth 1, the person first plays 3; the game
#    line's key says C1..C6 = N6..N1, so the calculator's row as mk61 calc
#    draws it (C1..C6) is kalah show's top row (N6..N1), and the person's
#    row (P1..P6) its bottom row (S1..S6).
string(REPLACE "|" "\n" input "2 enter 1 enter 1 rtn rs|3 rs|:quit|")
file(WRITE "${CMAKE_CURRENT_BINARY_DIR}/pits-input.txt" "${input}")
# A drawn row of pits as its numbers, one space apart.
function(digits_only var)
  string(REGEX REPLACE "[^0-9]+" " " row "${${var}}")
  string(STRIP "${row}" row)
  set(${var} "${row}" PARENT_SCOPE)
endfunction()

execute_process(COMMAND "${MK61}" calc "${PROGRAM}"
  INPUT_FILE "${CMAKE_CURRENT_BINARY_DIR}/pits-input.txt" OUTPUT_VARIABLE out RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR NOT out MATCHES
   "C6\n([][ 0-9]+)\n  CK +([0-9]+) +([0-9]+) +PK\n([][ 0-9]+)\n +P1[^\n]*\n  Last moves: you P3; the calculator ([C0-9 ]+)\n  game \\(you S, C1..C6 = N6..N1\\): ([^\n]+)\n")
  message(FATAL_ERROR "mk61 calc drew no board and game line after a move:\n${out}")
endif()
set(calc_row "${CMAKE_MATCH_1}")
set(calc_store "${CMAKE_MATCH_2}")
set(person_store "${CMAKE_MATCH_3}")
set(person_row "${CMAKE_MATCH_4}")
set(game "${CMAKE_MATCH_6}")
digits_only(calc_row)
digits_only(person_row)
separate_arguments(words UNIX_COMMAND "${game}")
execute_process(COMMAND "${KALAH}" show ${words} OUTPUT_VARIABLE shown RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR NOT shown MATCHES "N1\n[ ->]*([][ 0-9]+)\n  \\[ *([0-9]+)\\] +\\[ *([0-9]+)\\]\n[ ->]*([][ 0-9]+)\n +S1")
  message(FATAL_ERROR "kalah show ${game} failed:\n${shown}")
endif()
set(north "${CMAKE_MATCH_1}")
set(north_store "${CMAKE_MATCH_2}")
set(south_store "${CMAKE_MATCH_3}")
set(south "${CMAKE_MATCH_4}")
digits_only(north)
digits_only(south)
if(NOT north STREQUAL calc_row OR NOT south STREQUAL person_row OR
   NOT north_store STREQUAL calc_store OR NOT south_store STREQUAL person_store)
  message(FATAL_ERROR "mk61 calc's board (C1..C6 ${calc_row}, CK ${calc_store}; P1..P6 "
    "${person_row}, PK ${person_store}) is not kalah show's of '${game}' (N6..N1 ${north}, "
    "North ${north_store}; S1..S6 ${south}, South ${south_store})")
endif()

# 2. mk61 crosscheck --judge: the worst move's position, pasted into kalah
#    show, has the calculator to move, and both names of the pits played
#    and best agree: Ck = Nj or Sj with j = 7 - k, j a legal pit there.
execute_process(COMMAND "${MK61}" crosscheck --games 4 --judge-nodes 20000
  OUTPUT_VARIABLE out RESULT_VARIABLE rc)
if(NOT out MATCHES "at worst [0-9]+ \\(([^ ]+): played C([1-6]) = ([NS])([1-6]): [^,]+, best C([1-6]) = ([NS])([1-6]):")
  message(FATAL_ERROR "mk61 crosscheck --judge named no worst move with both names:\n${out}")
endif()
set(pos "${CMAKE_MATCH_1}")
foreach(pair "2;4" "5;7")
  list(GET pair 0 c)
  list(GET pair 1 n)
  math(EXPR sum "${CMAKE_MATCH_${c}} + ${CMAKE_MATCH_${n}}")
  if(NOT sum EQUAL 7)
    message(FATAL_ERROR "C${CMAKE_MATCH_${c}} is not pit ${CMAKE_MATCH_${n}} of the core: ${out}")
  endif()
endforeach()
set(side "${CMAKE_MATCH_3}")
set(played "${CMAKE_MATCH_4}")
execute_process(COMMAND "${KALAH}" show "${pos}" OUTPUT_VARIABLE shown RESULT_VARIABLE rc)
if(side STREQUAL "N")
  set(side North)
else()
  set(side South)
endif()
if(NOT rc EQUAL 0 OR NOT shown MATCHES "${side} to move; legal pits:[ 0-9]* ${played}[ \n]")
  message(FATAL_ERROR "kalah show ${pos}: not ${side} to move with pit ${played} legal:\n${shown}")
endif()
