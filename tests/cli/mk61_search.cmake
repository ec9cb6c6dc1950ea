# mk61 search: one turn's search of the Kalah program, node by node, beside
# the core's (included by tests/CMakeLists.txt). The figures are the core's
# ('kalah analyze kalah-6-4:N:4,0,5,5,5,5/0:4,4,4,4,4,4/0 --level mk61-2'
# chooses its own pit 3, C4; 'kalah nodes' counts the same way).
set(kalah ${PROJECT_SOURCE_DIR}/programs/kalah.mk61)
kalah61_cli_test(cli_mk61_search_help mk61 ARGS search --help OUT "^Usage: mk61 search ")
kalah61_cli_test(cli_mk61_search mk61 ARGS search --stones 4 --depth 2 --moves 2
  OUT "depth 2 of kalah-6-4:N:4,0,5,5,5,5/0:4,4,4,4,4,4/0 .*by minimax.*\n +1  root +MAX +\\+2 +\\+2 ✓  ✓ +✓ .*\n +2    C6 +MIN +-1 +-1 ✓ .*\n +3      P1 +MAX +0 +0 ✓  ✓ +✓ +17 +3.5 s\n.*\n +14    C4 +MAX extra +\\+2 .*\nChosen: C4. the line the search expects: C4 C3\nNodes from this position: the calculator 39, the core's minimax 39, alpha-beta in the drawn order 22, the core's alpha-beta 21, seed 003's alpha-beta 22\n.*ordered.*\\(21 nodes\\)")
# By alpha-beta (the core's mk61ab-2 visits 22 nodes, 'kalah analyze
# kalah-6-4:N:4,0,5,5,5,5/0:4,4,4,4,4,4/0 --level mk61ab-2'): C5 cuts after
# P3, its window [-1, +inf] closed by its best -1; P4..P6 skipped.
kalah61_cli_test(cli_mk61_search_alphabeta mk61 ARGS search --stones 4 --depth 2 --moves 2
  --alphabeta
  OUT "by alpha-beta.*\n +8    C5 +MIN +-1 +-1 ✓  \\[-1, \\+inf\\] +cut .*\n +10      P3 +MAX .*\n +-      P4 +MAX +skipped\n.*Nodes from this position: the calculator 22, the core's minimax 39, alpha-beta in the drawn order 22")
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
kalah61_cli_test(cli_mk61_search_position_and_moves mk61 ARGS search --position kalah-6-4
  --moves 3 RC 2 ERR "--position gives the whole position")
kalah61_cli_test(cli_mk61_search_two_stdout mk61 ARGS search --moves 3 --json - --svg - RC 2
  ERR "one of them only")
kalah61_cli_test(cli_mk61_search_bad_position mk61 ARGS search --position kalah-6-4:X RC 2
  ERR "--position 'kalah-6-4:X': ")
kalah61_cli_test(cli_mk61_search_position_rules mk61 ARGS search --position kalah-4-3 RC 2
  ERR "the standard rules")
kalah61_cli_test(cli_mk61_search_position_over mk61
  ARGS search --position kalah-6-1:S:0,0,0,0,0,0/6:1,1,1,1,1,1/0 RC 2 ERR "the game is over")
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
# The standard output: pure JSON or SVG, checked against a plain alpha-beta
# (search_tree_check); mk61 asm -o -.
add_executable(search_tree_check cli/search_tree_check.c)
target_link_libraries(search_tree_check PRIVATE PkgConfig::JSONC m)
kalah61_target(search_tree_check)
add_test(NAME cli_mk61_search_stdout COMMAND ${CMAKE_COMMAND}
  -DMK61=$<TARGET_FILE:mk61> -DCHECK=$<TARGET_FILE:search_files_check>
  -DTREE=$<TARGET_FILE:search_tree_check> -DPROGRAM=${kalah}
  -DDIR=${CMAKE_CURRENT_BINARY_DIR}/search-stdout -P ${CMAKE_CURRENT_SOURCE_DIR}/cli/search_stdout.cmake)
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
  OUT "No search yet.*kalah-6-4:N:4,0,5,5,5,5/0:4,4,0,5,5,5/1 .*\n +1  root +MAX +\\+1 +\\+1 ✓ .*\nChosen: C3. the line the search expects: C3 P3\nNodes from this position: the calculator 34, the core's minimax 34")
# In the middle of a search (3000 steps a run): the nodes found so far,
# the open ones on the line being searched with their running bound and
# window (the calculator's alpha-beta at depth 3 of Kalah(6,4) after your
# P2: C6 P1 finished at +1, so C6, a MIN node, is at most +1 so far).
kalah61_cli_test(cli_mk61_calc_tree_midway mk61 ARGS calc ${kalah} --max-steps 3000
  INPUT "4 enter 1 3 enter 1 rtn rs|2 rs|:tree|:q|"
  OUT "by alpha-beta.*, so far:\n.*\n +1  root +MAX +searching +\\[-inf, \\+inf\\]\n +2    C6 +MIN +≤ \\+1 so far +\\[-inf, \\+inf\\]\n +3      P1 +MAX +\\+1 +\\+1 ✓ .*\nBest so far: ")
# mk61 crosscheck --nodes: every node of every search of 12 games (stones 1
# to 6, both first players, depth 1), one more summary line.
kalah61_cli_test(cli_mk61_crosscheck_nodes mk61 ARGS crosscheck --games 12 --seed 4 --nodes
  OUT "crosscheck: 12 games, [0-9]+ moves, [0-9]+ positions checked, 0 mismatches.*\nnodes: [1-9][0-9]* searches, [1-9][0-9]* nodes checked against the core's minimax, 0 node mismatches\n$")
# The same by alpha-beta: 36 games, depths 1..3.
kalah61_cli_test(cli_mk61_crosscheck_nodes_alphabeta mk61 ARGS crosscheck --games 36 --seed 4
  --nodes --alphabeta
  OUT "crosscheck: 36 games, [0-9]+ moves, [0-9]+ positions checked, 0 mismatches.*\nnodes: [1-9][0-9]* searches, [1-9][0-9]* nodes checked against the core's alpha-beta \\(values, windows and cuts\\), 0 node mismatches\n$")
