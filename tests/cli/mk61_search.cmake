# mk61 search: one turn's search of the Kalah program, node by node, beside
# the core's (included by tests/CMakeLists.txt). The figures are the core's
# ('kalah analyze kalah-6-4:N:4,0,5,5,5,5/0:4,4,4,4,4,4/0 --level mk61-2'
# chooses its own pit 3, C4; 'kalah nodes' counts the same way).
set(kalah ${PROJECT_SOURCE_DIR}/programs/kalah.mk61)
kalah61_cli_test(cli_mk61_search_help mk61 ARGS search --help OUT "^Usage: mk61 search ")
kalah61_cli_test(cli_mk61_search mk61 ARGS search --stones 4 --depth 2 --moves 2
  OUT "depth 2 of kalah-6-4:N:4,0,5,5,5,5/0:4,4,4,4,4,4/0 .*\nroot +calculator +2 +2 ✓ .*\n  C6 +person +-1 +-1 ✓ .*\n    P1 +calculator +0 +0 ✓ +17 +3.5 s\n.*\nChosen: C4. the line the search expects: C4 C3\nNodes from this position: the calculator 39, the core's minimax 39, the core's alpha-beta 21, seed 003's alpha-beta 22\n$")
# Bad input: an unparsable move, an empty pit, an extra turn left to the
# person, a game over, a depth the program does not play, no search.
kalah61_cli_test(cli_mk61_search_bad_move mk61 ARGS search --moves "3 x" RC 2
  ERR "'x' is not one")
kalah61_cli_test(cli_mk61_search_empty_pit mk61 ARGS search --stones 1 --moves "1 1" RC 2
  ERR "your move 2, pit 1, is empty then")
kalah61_cli_test(cli_mk61_search_extra_turn mk61 ARGS search --stones 4 --moves 3 RC 2
  ERR "it is your move again (an extra turn)")
kalah61_cli_test(cli_mk61_search_depth mk61 ARGS search --depth 4 RC 2
  ERR "--depth takes a depth the program plays, 1..3, not '4'")
kalah61_cli_test(cli_mk61_search_no_moves mk61 ARGS search RC 2 ERR "you move first")
kalah61_cli_test(cli_mk61_search_no_search mk61
  ARGS search --program ${CMAKE_CURRENT_SOURCE_DIR}/emulator/programs/sum.mk61 --moves 1 RC 2
  ERR "declares no search")
# The files: the JSON's values are the core's, the SVG is well-formed.
pkg_check_modules(JSONC REQUIRED IMPORTED_TARGET json-c)
add_executable(search_files_check cli/search_files_check.c)
target_link_libraries(search_files_check PRIVATE kalah_core PkgConfig::JSONC)
kalah61_target(search_files_check)
add_test(NAME cli_mk61_search_files COMMAND ${CMAKE_COMMAND}
  -DMK61=$<TARGET_FILE:mk61> -DCHECK=$<TARGET_FILE:search_files_check> -DPROGRAM=${kalah}
  -DDIR=${CMAKE_CURRENT_BINARY_DIR}/search-files -P ${CMAKE_CURRENT_SOURCE_DIR}/cli/search_files.cmake)
# Kalah(6,1), depth 1: after your 3 4 5 6 (each answered) the game is over.
kalah61_cli_test(cli_mk61_search_game_over mk61 ARGS search --stones 1 --depth 1 --moves "3 4 5 6"
  RC 2 ERR "the game is over after these moves")
kalah61_cli_test(cli_mk61_search_move_after_the_end mk61 ARGS search --stones 1 --depth 1
  --moves "3 4 5 6 1" RC 2 ERR "the game is over after 4 of your moves")
# mk61 calc's :tree: the turn above, from the terminal calculator. C4 gave
# the calculator an extra turn; its second search, the last, is shown
# ('kalah analyze kalah-6-4:N:4,0,5,5,5,5/0:4,4,0,5,5,5/1 --level mk61-2':
# its own pit 4, C3).
kalah61_cli_test(cli_mk61_calc_tree mk61 ARGS calc ${kalah}
  INPUT "4 enter 2 enter 1 rtn rs|:tree|2 rs|:tree|:q|"
  OUT "No search yet.*kalah-6-4:N:4,0,5,5,5,5/0:4,4,0,5,5,5/1 .*\nroot +calculator +1 +1 ✓ .*\nChosen: C3. the line the search expects: C3 P3\nNodes from this position: the calculator 34, the core's minimax 34")
# mk61 crosscheck --nodes: every node of every search of 12 games (stones 1
# to 6, both first players, depth 1), one more summary line.
kalah61_cli_test(cli_mk61_crosscheck_nodes mk61 ARGS crosscheck --games 12 --seed 4 --nodes
  OUT "crosscheck: 12 games, [0-9]+ moves, [0-9]+ positions checked, 0 mismatches.*\nnodes: [1-9][0-9]* searches, [1-9][0-9]* nodes checked against the core's, 0 node mismatches\n$")
