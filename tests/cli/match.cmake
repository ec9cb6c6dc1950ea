# Tests of kalah match and kalah tournament (included by tests/CMakeLists.txt).
# Every run is small (kalah-6-3 or kalah-6-4, a few games of fast players),
# so that the whole file takes a few seconds in the sanitizer build too.
set(match_dir ${CMAKE_CURRENT_BINARY_DIR}/match)
file(MAKE_DIRECTORY ${match_dir})

foreach(sub match tournament)
  kalah61_cli_test(cli_kalah_${sub}_help kalah ARGS ${sub} --help
    OUT "^Usage: kalah ${sub} .*--games N.*--seed S.*--csv FILE.*Examples:")
endforeach()

# A short match: the result line adds up to the 4 games (3, rounded up to
# even). The regular expression lists every W-D-L with W+D+L = 4.
set(wdl4)
foreach(w RANGE 4)
  math(EXPR rest "4 - ${w}")
  foreach(d RANGE ${rest})
    math(EXPR l "${rest} - ${d}")
    list(APPEND wdl4 "${w}-${d}-${l}")
  endforeach()
endforeach()
list(JOIN wdl4 "|" wdl4)
kalah61_cli_test(cli_kalah_match_short kalah
  ARGS match first random --games 3 --stones 3 --seed 7
  OUT "^Match kalah-6-3, 4 games \\(3 rounded up to even\\), seed 7\n.*  A: first +first\n  B: random +random\n.*\nResult of A: [0-9]+ wins?, [0-9]+ draws?, [0-9]+ loss(es)? \\(W-D-L (${wdl4}) of 4 games\\)\nScore of A: +[0-9.]+%, 95% interval .*Margin of A: [-+][0-9.]+ stones a game, 95% interval .*\nMoves: .*Nodes of A: +1\\.0 a move.*Nodes of B: +1\\.0 a move.*Time: ")

# A strong player beats a weak one in every game: alpha-beta to depth 6 with
# E3 against 'first' on kalah-6-4 won 2000 games of 2000 (seeds 1 to 5, 400
# games each, measured), and 6 games take a few hundredths of a second.
kalah61_cli_test(cli_kalah_match_strong kalah
  ARGS match alphabeta:e3:6 first --stones 4 --games 6 --seed 1
  OUT "A: alphabeta:e3:6  alphabeta e3 depth 6\n.*W-D-L 6-0-0 of 6 games.*Score of A: +100\\.0%")

# --quiet prints the results only: 8 lines, and no settings.
kalah61_cli_test(cli_kalah_match_quiet kalah ARGS match last random --stones 3 --games 2 --quiet
  OUT "^Result of A: " LINES 8)

# Same seed, same games: two runs with players that draw random numbers
# (random, MCTS) write the same CSV; another seed writes another one.
foreach(run a b)
  kalah61_cli_test(cli_kalah_match_csv_${run} kalah
    ARGS match random mcts:40 --stones 4 --games 6 --seed 11 --opening 3
         --csv ${match_dir}/same_${run}.csv
    FILE ${match_dir}/same_${run}.csv
    TEXT "^game,pair,south,north,opening,south_margin,moves,south_nodes,north_nodes\n1,1,random,mcts:40,\"kalah-6-4:[SN]:[0-9,/:]+\",-?[0-9]+,[0-9]+,[0-9]+,[0-9]+\n2,1,mcts:40,random,\"kalah-6-4:.*\n6,3,mcts:40,random,[^\n]*\n$")
  set_tests_properties(cli_kalah_match_csv_${run} PROPERTIES FIXTURES_SETUP match_csv_${run})
endforeach()
kalah61_cli_test(cli_kalah_match_csv_c kalah
  ARGS match random mcts:40 --stones 4 --games 6 --seed 12 --opening 3 --quiet
       --csv ${match_dir}/same_c.csv
  FILE ${match_dir}/same_c.csv)
set_tests_properties(cli_kalah_match_csv_c PROPERTIES FIXTURES_SETUP match_csv_c)
add_test(NAME cli_kalah_match_reproducible
  COMMAND ${CMAKE_COMMAND} -E compare_files ${match_dir}/same_a.csv ${match_dir}/same_b.csv)
set_tests_properties(cli_kalah_match_reproducible PROPERTIES
  FIXTURES_REQUIRED "match_csv_a;match_csv_b")
add_test(NAME cli_kalah_match_seed_matters
  COMMAND ${CMAKE_COMMAND} -E compare_files ${match_dir}/same_a.csv ${match_dir}/same_c.csv)
set_tests_properties(cli_kalah_match_seed_matters PROPERTIES
  FIXTURES_REQUIRED "match_csv_a;match_csv_c" WILL_FAIL TRUE)

# A tournament of three fast players: the cross table, the ranking, and the
# CSV and SVG files (an XML declaration, an <svg> element, every name).
set(tour_args tournament first last random --stones 3 --games 4 --seed 3)
kalah61_cli_test(cli_kalah_tournament kalah
  ARGS ${tour_args} --svg ${match_dir}/tour.svg
  OUT "Cross table: .*\n +1 +2 +3\n +1 first +- .*\n +2 last .*\n +3 random .*Ranking by total score.*\n +1 +[a-z]+ +[0-9.]+ +8 .*\n +[0-9] +[a-z]+ .*\n +[0-9] +[a-z]+ .*Time: "
  FILE ${match_dir}/tour.svg
  TEXT "^<\\?xml version=\"1\\.0\" encoding=\"UTF-8\"\\?>\n<svg xmlns=\"http://www\\.w3\\.org/2000/svg\"[^\n]*>\n.*Kalah tournament: kalah-6-3, 3 players.*4 games per pair.*>first</text>.*>last</text>.*>random</text>.*</svg>\n$")
kalah61_cli_test(cli_kalah_tournament_csv kalah
  ARGS ${tour_args} --quiet --csv ${match_dir}/tour.csv
  FILE ${match_dir}/tour.csv
  TEXT "^player,description,first,last,random,wins,draws,losses,points,games,score_pct,rank\nfirst,first,,[0-9.]+,[0-9.]+,[0-9]+,[0-9]+,[0-9]+,[0-9.]+,8,[0-9.]+,[1-3]\nlast,last,[0-9.]+,,[0-9.]+,[^\n]*\nrandom,random,[0-9.]+,[0-9.]+,,[^\n]*\n$")

# Bad usage: exit 2 with a message that says what is wrong.
kalah61_cli_test(cli_kalah_match_bad_player kalah ARGS match hard robot RC 2
  ERR "unknown or bad player 'robot'")
kalah61_cli_test(cli_kalah_match_bad_algo kalah ARGS match alphabeta:e7 first RC 2
  ERR "bad player 'alphabeta:e7'")
kalah61_cli_test(cli_kalah_match_games_0 kalah ARGS match first last --games 0 RC 2
  ERR "--games takes a whole number from 1 to 1000000, not '0'")
kalah61_cli_test(cli_kalah_match_bad_seed kalah ARGS match first last --seed -1 RC 2
  ERR "--seed takes a whole number")
kalah61_cli_test(cli_kalah_match_one_player kalah ARGS match first RC 2
  ERR "a match needs two players")
kalah61_cli_test(cli_kalah_match_three_players kalah ARGS match first last random RC 2
  ERR "'random' is a third")
kalah61_cli_test(cli_kalah_match_bad_option kalah ARGS match first last --fast RC 2
  ERR "unrecognized option '--fast'")
kalah61_cli_test(cli_kalah_tournament_one_player kalah ARGS tournament hard RC 2
  ERR "a tournament needs at least two players")
kalah61_cli_test(cli_kalah_tournament_bad_player kalah ARGS tournament first last levle3 RC 2
  ERR "'levle3'")

# Files that cannot be written: exit 1 with the reason, before any game.
kalah61_cli_test(cli_kalah_match_bad_csv kalah
  ARGS match first last --csv /nonexistent/dir/x.csv RC 1
  ERR "cannot write /nonexistent/dir/x.csv: No such file or directory")
kalah61_cli_test(cli_kalah_match_csv_is_dir kalah
  ARGS match first last --csv ${match_dir} RC 1 ERR "it is a directory")
kalah61_cli_test(cli_kalah_tournament_bad_svg kalah
  ARGS tournament first last --svg /nonexistent/dir/t.svg RC 1
  ERR "cannot write /nonexistent/dir/t.svg: No such file or directory")
