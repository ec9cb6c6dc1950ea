# The terminal calculator with the Kalah program, and the program's
# protocol from the command line (included by tests/CMakeLists.txt).
# Positions worked out by hand, and the calculator's answers by the core
# ('kalah analyze POSITION --level mk61-2'), its pits named from the
# person's left (its own pit k is C(7-k)).
set(kalah ${PROJECT_SOURCE_DIR}/programs/kalah.mk61)

# Kalah(6,4), depth 2, the person first: the board after every stop. Pit 3
# ends in the store (an extra turn, 0); pit 6 passes to the calculator,
# whose mk61-2 answer on kalah-6-4:N:4,4,0,5,5,0/2:5,5,5,5,4,4/0 is its own
# pit 2 (an extra turn) then its pit 1: C5 C6, leaving its row 0,1,7,7,6,6
# (own pits 1..6), 6 6 7 7 1 0 from the person's left.
kalah61_cli_test(cli_mk61_calc_kalah_board mk61 ARGS calc ${kalah}
  INPUT "4 enter 2 enter 1 rtn rs|3 rs|6 rs|:q|"
  OUT "C1 +C2 +C3 +C4 +C5 +C6\n +4 +4 +4 +4 +4 +4 *\n  CK +0 +0 +PK\n +4 +4 +4 +4 +4 +4 *\n +P1 +P2 +P3 +P4 +P5 +P6\n  game \\(you S, C1..C6 = N6..N1\\): kalah-6-4\n  A new game .*\n +4 +4 +\\[ 0\\] +5 +5 +5 *\n.*Last moves: you P3\n  game \\(you S, C1..C6 = N6..N1\\): kalah-6-4 3\n  Extra turn \\(0\\).*\n +6 +6 +7 +7 +\\[ 1\\] \\[ 0\\]\n  CK +1 +2 +PK\n +4 +4 +0 +5 +5 +\\[ 0\\]\n.*Last moves: you P6. the calculator C5 C6\n  game \\(you S, C1..C6 = N6..N1\\): kalah-6-4 3 6 2 1\n")
# :regs lists the registers the program declares first, by name.
kalah61_cli_test(cli_mk61_calc_regs_named_first mk61 ARGS calc ${kalah}
  INPUT "4 enter 2 enter 1 rtn rs|:regs|:q|"
  OUT "> declared registers:\n  SHOWN +Rc +942\n  STATE +Rd +0\n  LAST +Re +0\n  P1 +R35 +4\n.*  CK +R91 +0\n  MODE +R92 +0\nthe machine:\ndisplay  ")
# A start-up it cannot play (depth 4) is refused: -2, and said so.
kalah61_cli_test(cli_mk61_calc_refused_start mk61 ARGS calc ${kalah}
  INPUT "4 enter 4 enter 1 rtn rs|:q|"
  OUT "The start-up was refused \\(-2\\)")
# A halt is named as a halt: a step changed in programming mode (F ПРГ,
# F sin⁻¹, back, F АВТ) where the program waits; pit 3 is outside arcsin's
# domain.
kalah61_cli_test(cli_mk61_calc_halt mk61 ARGS calc ${kalah}
  INPUT "4 enter 2 enter 1 rtn rs|f ee f 4 bst f chs|3 rs|:q|"
  OUT "The calculator halted: ЕГГОГ at [0-9]+: an argument outside the function's domain")
# Without a declared board, :board says so.
kalah61_cli_test(cli_mk61_calc_no_board mk61 ARGS calc INPUT ":board|:q|"
  OUT "The program declares no Kalah board: the program declares no register named P1")

# The protocol by mk61 run: a new game shows 9, stones, depth; the end of
# a game 8 and the margin (Kalah(6,1), depth 1: a whole game by hand would
# be long, so the crosscheck tests hold it); a refused input -1.
kalah61_cli_test(cli_mk61_kalah_new_game_sign mk61 ARGS run ${kalah} --keys "3 В↑ 1 В↑ 1 В/О С/П"
  OUT "display  \\[ 931\\. +\\]")
kalah61_cli_test(cli_mk61_kalah_refused_sign mk61 ARGS run ${kalah} --keys "3 В↑ 1 В↑ 1 В/О С/П 7 С/П"
  OUT "display  \\[-1\\. +\\]")
kalah61_cli_test(cli_mk61_kalah_no_game_sign mk61 ARGS run ${kalah} --keys "7 В↑ 1 В↑ 1 В/О С/П"
  OUT "display  \\[-2\\. +\\]\n.*Rd       2  \\(STATE\\)")

# The listing in programs/kalah.md is the program's (mk61 disasm --table),
# and the program loads from its hex dump, as the text says.
add_test(NAME cli_mk61_kalah_listing COMMAND ${CMAKE_COMMAND} -DMK61=$<TARGET_FILE:mk61>
         -DPROGRAM=${kalah} -DDOC=${PROJECT_SOURCE_DIR}/programs/kalah.md
         -DOUT=${CMAKE_CURRENT_BINARY_DIR}/kalah-listing.hex
         -P ${CMAKE_CURRENT_SOURCE_DIR}/cli/listing.cmake)

if(TARGET mk61-ui)
  # The window offers the depths the program plays.
  kalah61_cli_test(ui_bad_depth mk61-ui ARGS --depth 4 RC 2
    ERR "--depth takes a depth the program plays, 1..3, not '4'")
endif()
