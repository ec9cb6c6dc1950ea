# Commands that agree with each other and with their helps (issue 38).
# (Included by tests/CMakeLists.txt; kalah61_cli_test is defined there.)

# The game line as the window and mk61 calc print it is taken back as it
# is printed, with its key (either side), the caret of a mistake under the
# mistake; a key that is neither is refused with the two that are.
kalah61_cli_test(cli_kalah_show_game_line kalah
  ARGS show "game (you S, C1..C6 = N6..N1): kalah-6-6 3 1 6 2"
  OUT "kalah-6-6\n +N6  N5  N4  N3  N2  N1\n +\\[ 9\\]\\[ 9\\]\\[ 9\\]\\[ 9\\]\\[ 0\\]\\[ 1\\]\n")
kalah61_cli_test(cli_kalah_analyze_game_line_north kalah
  ARGS analyze "game (you N, C1..C6 = S6..S1): kalah-6-2 5 3 1 1" --depth 2 OUT "Best: pit")
kalah61_cli_test(cli_kalah_show_game_line_caret kalah
  ARGS show "game (you S, C1..C6 = N6..N1): kalah-6-6 3 1 9 2" RC 2
  ERR "column 46: move 3: there is no pit 9")
kalah61_cli_test(cli_kalah_show_game_line_bad_key kalah
  ARGS show "game (you X): kalah-6-6 3" RC 2
  ERR "a game line's key is 'game (you S, C1..C6 = N6..N1):' or 'game (you N, C1..C6 = S6..S1):'")

# The players the helps list are the core's (kalah_level_names,
# kalah_algo_names), every one of them; an algorithm's name alone plays.
foreach(sub match tournament play analyze)
  kalah61_cli_test(cli_kalah_${sub}_help_players kalah ARGS ${sub} --help
    OUT "A player is a level: easy, medium, hard, veryhard, level1, level2, level3,\nmk61-1, mk61-2, mk61-3, mk61ab-1, mk61ab-2, mk61ab-3, first, last, random,\nmcts, strong; or ALGO\\[:EVAL\\]\\[:DEPTH\\], ALGO one of minimax, negamax,\nalphabeta, alphabeta003, mcts, first, last, random, exact, EVAL")
endforeach()
kalah61_cli_test(cli_kalah_match_exact_alone kalah
  ARGS match exact alphabeta003 --pits 3 --stones 2 --games 2 --quiet OUT "Result of A: ")
kalah61_cli_test(cli_kalah_analyze_level_lists kalah ARGS analyze --level foo kalah-6-4 RC 2
  ERR "kalah analyze: --level: unknown level 'foo'\n  A player is a level: easy, medium,")
kalah61_cli_test(cli_kalah_match_player_lists kalah ARGS match foo random RC 2
  ERR "  mcts, strong; or ALGO[:EVAL][:DEPTH]")
kalah61_cli_test(cli_kalah_play_player_lists kalah ARGS play --north foo RC 2
  ERR "  A player is a level: easy,")

# kalah play's usage names every option of its own.
kalah61_cli_test(cli_kalah_play_usage kalah ARGS play --help
  OUT "^Usage: kalah play \\[--south WHO\\] \\[--north WHO\\] \\[--rules R\\] \\[--pits M\\]\n +\\[--stones N\\] \\[--log FILE\\] \\[--coef C\\] \\[--seed S\\]\n")

# --pits: one range, the core's (KALAH_MAX_PITS), in every help that lists it.
foreach(sub play perft match tournament serve)
  kalah61_cli_test(cli_kalah_${sub}_pits_range kalah ARGS ${sub} --help
    OUT "\n  --pits M +pits (per|a) side, 1\\.\\.12 \\(default 6\\)\n")
endforeach()
kalah61_cli_test(cli_kalah_perft_pits_12 kalah ARGS perft --pits 12 --depth 1 OUT "depth  1: 12 ")
kalah61_cli_test(cli_kalah_perft_pits_13 kalah ARGS perft --pits 13 --depth 1 RC 2
  ERR "--pits takes a whole number from 1 to 12, not '13'")

# kalah egdb info and check need a FILE or rules: the usage says so, and
# the message names the subcommand and what it wants.
kalah61_cli_test(cli_kalah_egdb_usage_file kalah ARGS egdb --help
  OUT "kalah egdb info \\{FILE \\| --rules R \\| --pits M --stones N\\}\n")
kalah61_cli_test(cli_kalah_egdb_info_which kalah ARGS egdb info RC 2
  ERR "kalah egdb info: which database? FILE, or the rules of its default file")

# analyze --exact --quiet prints the values only, as solve --quiet does.
kalah61_cli_test(cli_kalah_analyze_exact_quiet kalah ARGS analyze --exact --quiet kalah-4-2 --tt 16
  OUT "^  exact solver for South:\n.*-> pit 4: wins by 6\n")

# A bad key name is reported by the subcommand, and nothing is pressed.
kalah61_cli_test(cli_mk61_run_bad_key_names_run mk61
  ARGS run ${CMAKE_CURRENT_SOURCE_DIR}/emulator/programs/sum.mk61 --keys "В/О bogus" RC 2
  ERR "mk61 run: 'bogus' is not a key name (see 'mk61 keys')")

# mk61 ops: a header over aligned columns, counted in characters.
kalah61_cli_test(cli_mk61_ops_header mk61 ARGS ops
  OUT "^code  steps  mnemonic +ms\n00    1      0 +200\n.*\n60    1      ИП 0 +200\n")
add_test(NAME cli_mk61_columns COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/columns.sh
  $<TARGET_FILE:mk61>)

if(TARGET mk61-ui)
  kalah61_cli_test(ui_steps_without_keys mk61-ui ARGS --steps 10 RC 2
    ERR "mk61-ui: --steps goes with --keys")
endif()

# A solve that cannot finish here says so first, with the estimate from
# counts (placements of the stones, the database, the measured solves, a
# fixed rate: the same figures on any machine for the same threads) and
# what would make it feasible; one that can does not. Bounded by nodes.
kalah61_cli_test(cli_kalah_solve_infeasible kalah
  ARGS solve kalah-6-9 --nodes 20000 --tt 16 --no-egdb --threads 2 --quiet RC 1
  ERR "kalah solve: this solve cannot finish here in reasonable time.\n  108 stones in play, 1.1e+16 placements of them; no endgame database.\n  Estimate: about 2.2e+26 nodes, 1e+12 years at 3 M nodes a second a thread, 2\n")
kalah61_cli_test(cli_kalah_solve_infeasible_says_what kalah
  ARGS solve kalah-6-5 --nodes 20000 --tt 16 --no-egdb --threads 2 RC 1
  ERR "  Estimate: about 4.4e+10 nodes, 2.0 hours at 3 M nodes a second a thread, 2\n")
kalah61_cli_test(cli_kalah_analyze_exact_infeasible kalah
  ARGS analyze --exact kalah-6-9 --nodes 20000 --tt 16 --no-egdb --threads 1 RC 1
  ERR "kalah analyze: this solve cannot finish here in reasonable time.")
kalah61_cli_test(cli_kalah_solve_feasible_quiet kalah
  ARGS solve kalah-6-4 --nodes 20000 --tt 16 --no-egdb --threads 2 RC 1
  NO_ERR "cannot finish")

# Every command's --help against the options it takes (help_options.sh).
add_test(NAME cli_help_options COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/help_options.sh
  ${PROJECT_BINARY_DIR})

# Every example of the helps and the README, run in a scratch folder, the
# long ones bounded by counts (examples.sh says which and how).
add_test(NAME cli_examples COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/examples.sh
  ${PROJECT_BINARY_DIR} ${PROJECT_SOURCE_DIR})
set_tests_properties(cli_examples PROPERTIES TIMEOUT 900)

# The README's figures come from the commands it shows.
add_test(NAME readme_figures COMMAND ${CMAKE_COMMAND} -DREADME=${PROJECT_SOURCE_DIR}/README.md
  -DKALAH=$<TARGET_FILE:kalah> -P ${CMAKE_CURRENT_SOURCE_DIR}/cli/readme_figures.cmake)
