# Tests of the puluk command (included by tests/CMakeLists.txt). Every run
# is small: matches of a few dozen games, the perfect player and the solve
# on puluk-5-3 or puluk-4-2 (solved in milliseconds), files under the build
# tree (PULUK_TABLE_DIR for the tables, XDG_STATE_HOME for saved games).
set(puluk_dir ${CMAKE_CURRENT_BINARY_DIR}/puluk)
file(MAKE_DIRECTORY ${puluk_dir})
set(puluk_env "PULUK_TABLE_DIR=${puluk_dir}/tables;XDG_STATE_HOME=${puluk_dir}/state")

kalah61_cli_test(cli_puluk_help puluk ARGS --help OUT "^Usage: puluk COMMAND.*quetzalcoatl, camaxtli, centeotl")
kalah61_cli_test(cli_puluk_unknown puluk ARGS no-such-command RC 2 ERR "unknown command 'no-such-command'")
foreach(sub play show perft match tournament solve)
  kalah61_cli_test(cli_puluk_${sub}_help puluk ARGS ${sub} --help OUT "^Usage: puluk ${sub}")
  kalah61_cli_test(cli_puluk_${sub}_bad_option puluk ARGS ${sub} --no-such-option RC 2
    ERR "unrecognized option '--no-such-option'")
endforeach()

# puluk show: the seed's situation with a throw of 2 (test_puluk_rules.c):
# the column on 8 reaches the far town and kills its prisoner, the piece on
# 3 takes the black one on 5, a new piece comes out to 2.
kalah61_cli_test(cli_puluk_show puluk ARGS show puluk-9-5:W2:2,-,-,w,-,b,-,-,wb,-,3
  OUT "White \\[2\\] +\\. +\\. +W +\\. +B +\\. +\\. +W +\\. +\\[3\\] Black\n +b\n.*White to move, threw 2; moves: 8 3 h\n.*  8 -> town +kills 1, home again +puluk-9-5:B:3,-,-,w,-,b,-,-,-,-,3\n +3 -> 5 +takes 1 +puluk-9-5:B:2,-,-,-,-,wb,-,-,wb,-,3\n +h -> 2 +puluk-9-5:B:1,-,w,w,-,b,-,-,wb,-,3\n")
# Not thrown: the moves of each throw with its chance (fair kernels: 4/16,
# 6/16, 4/16, 1/16, 1/16).
kalah61_cli_test(cli_puluk_show_throws puluk ARGS show puluk
  OUT "Throw 1 \\(chance 0\\.2500\\).*Throw 2 \\(chance 0\\.3750\\).*Throw 5 \\(chance 0\\.0625\\):\n +h -> 5 ")
# Bad positions: exit 2, the column shown.
kalah61_cli_test(cli_puluk_show_short puluk ARGS show puluk:W:5,-,-,-,-,-,-,-,-,5
  RC 2 ERR "column 27: expected strip 9")
kalah61_cli_test(cli_puluk_show_bad_throw puluk ARGS show puluk:W7:5,-,-,-,-,-,-,-,-,-,5
  RC 2 ERR "column 8: a throw is 1..5")
kalah61_cli_test(cli_puluk_show_too_many puluk ARGS show puluk:W:5,w,-,-,-,-,-,-,-,-,5
  RC 2 ERR "White has 6 pieces, more than the 5 of the rules")
kalah61_cli_test(cli_puluk_show_none puluk ARGS show RC 2 ERR "which position?")

# puluk perft: the counts worked out by hand (test_puluk_perft.c).
kalah61_cli_test(cli_puluk_perft puluk ARGS perft --depth 3
  OUT "depth  1: 5 sequences, 5 positions\ndepth  2: 25 sequences, 25 positions\ndepth  3: 221 sequences, ")
kalah61_cli_test(cli_puluk_perft_needs_depth puluk ARGS perft RC 2 ERR "--depth is required")
kalah61_cli_test(cli_puluk_perft_bad_rules puluk ARGS perft --depth 2 --rules puluk+fast
  RC 2 ERR "column 7: unknown rule option")

# puluk match: the JSON fields; every game finishes.
kalah61_cli_test(cli_puluk_match_json puluk
  ARGS match camaxtli quetzalcoatl --games 40 --seed 3 --json --rules puluk-5-3
  OUT "^\\{\"rules\": \"puluk-5-3\", \"a\": \"camaxtli\", \"b\": \"quetzalcoatl\", \"games\": 40, \"seed\": 3, \"alternate\": false, \"wins_a\": [0-9]+, \"wins_b\": [0-9]+, \"unfinished\": 0, \"win_rate_a\": 0\\.[0-9]+, \"win_rate_a_lo\": [0-9.]+, \"win_rate_a_hi\": [0-9.]+, \"a_first\": \\{\"games\": 40, .*\"b_first\": \\{\"games\": 0, .*\"mean_plies\": [0-9.]+, \"longest\": [0-9]+, \"seconds\": [0-9.]+\\}\n$")
# --alternate: each seat's games; the perfect player builds its table.
kalah61_cli_test(cli_puluk_match_perfect puluk
  ARGS match perfect random --games 40 --alternate --rules puluk-5-3 --quiet
  OUT "Match puluk-5-3: A perfect, B random; 40 games, first move alternating, seed 1\nWins: A [0-9]+, B [0-9]+, unfinished 0\nA's wins: .*\n  as first:  [0-9]+ of 20, .*\n  as second: [0-9]+ of 20, "
  ENV ${puluk_env})
kalah61_cli_test(cli_puluk_match_bad_player puluk ARGS match zeus random RC 2
  ERR "unknown player 'zeus'")
kalah61_cli_test(cli_puluk_match_one puluk ARGS match random RC 2 ERR "a match needs two players")
kalah61_cli_test(cli_puluk_match_bad_games puluk ARGS match random random --games 0 RC 2
  ERR "--games takes a whole number from 1 to 10000000, not '0'")
kalah61_cli_test(cli_puluk_match_perfect_skiryuk puluk ARGS match perfect random --rules puluk+skiryuk
  RC 1 ERR "the author's release rule only")

# puluk solve: the value, how, and the table written and read back.
kalah61_cli_test(cli_puluk_solve_json puluk ARGS solve --rules puluk-4-2 --json
  --table ${puluk_dir}/puluk-4-2.table
  OUT "^\\{\"rules\": \"puluk-4-2\", \"first_player_win\": 0\\.[0-9]+, \"lower\": .*\"sweeps\": [0-9]+, .*\"crc32\": \"[0-9a-f]+\", \"table\": \"[^\"]*puluk-4-2.table\", \"read_back\": true\\}\n$"
  FILE ${puluk_dir}/puluk-4-2.table TEXT "^puluk61-table 1\nrules puluk-4-2\npositions ")
kalah61_cli_test(cli_puluk_solve_text puluk ARGS solve --rules puluk-3-2 --no-save
  OUT "Pulúk puluk-3-2 solved\\.\nPositions: [0-9]+ indexed .*The first player \\(White\\) wins from the start with probability 0\\.[0-9]+")
kalah61_cli_test(cli_puluk_solve_skiryuk puluk ARGS solve --rules puluk+skiryuk RC 2
  ERR "the solver takes the author's release rule only")
kalah61_cli_test(cli_puluk_solve_bad_epsilon puluk ARGS solve --epsilon 1 RC 2
  ERR "--epsilon takes a number from 1e-15 to 1e-3")

# puluk tournament: the cross table and the picture.
kalah61_cli_test(cli_puluk_tournament puluk
  ARGS tournament random camaxtli perfect --games 20 --rules puluk-5-3 --quiet
       --svg ${puluk_dir}/tour.svg
  OUT "Tournament puluk-5-3: 3 players, 20 games for each ordered pair, seed 1\n.*first \\\\ second +random +camaxtli +perfect\n  random +- +[0-9.]+ \\([0-9.]+-[0-9.]+\\) .*as first +as second +overall\n.*120 games, .*Under perfect play by both, the first player wins "
  FILE ${puluk_dir}/tour.svg TEXT "^<\\?xml .*<svg .*Pulúk tournament: puluk-5-3, 3 players.*camaxtli.*Dashed: the first player&apos;s chance"
  ENV ${puluk_env})

# puluk play: throws typed in and refused, illegal moves refused with the
# question asked again, the computer's throw and move, quit.
kalah61_cli_test(cli_puluk_play_typed puluk
  ARGS play --against quetzalcoatl --throws typed --no-save
  INPUT "|7|3|9|x|h|2|q|"
  OUT "Type the count 1..5 of your kernels.*'7' is not a throw: .*You throw 3\n.*Not a legal move: strip 9 has no free white piece on top\\..*'x' is not a move: a strip 1..9, or h .*White \\(you\\) move h -> 3\n.*Black's \\(quetzalcoatl\\) throw, the count 1..5 of the kernels > +Black \\(quetzalcoatl\\) throws 2\n  Black \\(quetzalcoatl\\) moves h -> 8\n.*Goodbye")
# Undo: back to your move with its throw; nothing before the first.
kalah61_cli_test(cli_puluk_play_undo puluk ARGS play --against camaxtli --no-save
  INPUT "3|h|u|u|q|"
  OUT "You throw 3\n.*White \\(you\\) move h -> 3\n.*Black \\(camaxtli\\) throws [1-5].*Took back 2 moves; you to move again with the throw 3\\..*Nothing to undo\\.")
kalah61_cli_test(cli_puluk_play_eof puluk ARGS play --no-save OUT "End of input\\.")
kalah61_cli_test(cli_puluk_play_bad_side puluk ARGS play --side green RC 2
  ERR "--side takes white or black, not 'green'")
kalah61_cli_test(cli_puluk_play_bad_against puluk ARGS play --against zeus RC 2
  ERR "unknown player 'zeus'")
# A game saved, interrupted, resumed; a damaged file refused.
add_test(NAME cli_puluk_play_resume COMMAND ${CMAKE_COMMAND} -DPULUK=$<TARGET_FILE:puluk>
         -DDIR=${puluk_dir}/resume -P ${CMAKE_CURRENT_SOURCE_DIR}/cli/puluk_resume.cmake)
