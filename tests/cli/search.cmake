# Tests of the searches as the seeds write them, and of the opening book
# (included by tests/CMakeLists.txt): kalah nodes, kalah analyze with seed
# 003's alpha-beta and seed 000's order, kalah play's pit labels, kalah book.
set(search_env "KALAH61_EGDB_DIR=${CMAKE_CURRENT_BINARY_DIR}/egdb-none")

# kalah nodes: seed 003's table (section 4.6) beside three measured columns,
# one line a depth, then what differs.
kalah61_cli_test(cli_kalah_nodes kalah ARGS nodes --positions 20 --max-depth 4
  OUT "\n    2       43           17\\.2   40% \\| +[0-9.]+ +[0-9.]+ +[0-9.]+% +[0-9.]+ +[0-9.]+%\n    4     1555          226\\.4   15% \\| +[0-9.]+ +[0-9.]+ +[0-9.]+% +[0-9.]+ +[0-9.]+%\n\n.*What differs from the seed, and why:\n- The seed's minimax column is 1 \\+ 6 \\+ \\.\\.\\. \\+ 6\\^d")
kalah61_cli_test(cli_kalah_nodes_list kalah ARGS nodes --list --positions 100 LINES 100)
# The help allows 2, 4, 6 and 8: 5 is refused.
kalah61_cli_test(cli_kalah_nodes_odd_depth kalah ARGS nodes --max-depth 5 RC 2
  ERR "--max-depth takes 2, 4, 6 or 8")
# The section its help points to is in docs/search.md.
add_test(NAME cli_kalah_nodes_help_section COMMAND ${CMAKE_COMMAND}
         -DKALAH=$<TARGET_FILE:kalah> -DDOC=${PROJECT_SOURCE_DIR}/docs/search.md
         -P ${CMAKE_CURRENT_SOURCE_DIR}/cli/doc_section.cmake)

# kalah analyze: seed 003's algorithm by name; seed 000's order (':store')
# takes the tied pit nearest the store: at depth 1 pits 3 to 6 of Kalah(6,4)
# are all worth +1 (pit 3 ends in the store, 4 to 6 sow one stone into it);
# a zero prints as +0.00 whatever the algorithm (pits 1 and 2 there).
kalah61_cli_test(cli_kalah_analyze_alphabeta003 kalah
  ARGS analyze kalah-6-4 --algo alphabeta003 --eval e1 --depth 4
  OUT "alphabeta003 e1 depth 4 for South:\n.*Best: pit [1-6]\\.")
kalah61_cli_test(cli_kalah_analyze_ties_to_store kalah
  ARGS analyze kalah-6-4 --level minimax:e1:1:store
  OUT "minimax e1 depth 1, ties to the store for South:\n.*     pit 5: \\+1\\.00\n  -> pit 6: \\+1\\.00\n")
kalah61_cli_test(cli_kalah_analyze_plus_zero kalah ARGS analyze kalah-6-4 --eval e1 --depth 1
  OUT "alphabeta e1 depth 1 for South:\n     pit 1: \\+0\\.00\n     pit 2: \\+0\\.00\n")

# Its alpha-beta counts differ from a single search's, and it says so:
# every root move with a full window, 88 nodes; the search a player makes,
# 41 (as 'mk61 search' counts the core's alpha-beta from this position).
kalah61_cli_test(cli_kalah_analyze_counts_what kalah
  ARGS analyze kalah-6-3:N:3,0,4,4,4,3/0:3,3,3,3,3,3/0 --algo alphabeta --eval e1 --depth 3
  OUT "Best: pit 4\\. 88 nodes in .*\n  The nodes count every root move searched with a full window, .*\n.*generates 41\\.\n$")
kalah61_cli_test(cli_kalah_analyze_minimax_counts kalah
  ARGS analyze kalah-6-3:N:3,0,4,4,4,3/0:3,3,3,3,3,3/0 --level mk61-3
  OUT "Best: pit 4\\. 195 nodes in [^\n]*\n$")

# The strong level opens Kalah(6,4) with pit 3, +8 (the reference's root
# values -14 -10 +8 -2 -8 +4), from the opening book.
kalah61_cli_test(cli_kalah_analyze_strong_opening kalah ARGS analyze kalah-6-4 --level strong
  ENV ${search_env}
  OUT "exact 1000000 nodes for South:\n     pit 1: loses by 14\n     pit 2: loses by 10\n  -> pit 3: wins by 8\n     pit 4: loses by 2\n     pit 5: loses by 8\n     pit 6: wins by 4\n")

# kalah play takes the pits as the board labels them: S3 for South's pit 3;
# North's N2 is refused when South is to move.
kalah61_cli_test(cli_kalah_play_pit_labels kalah ARGS play --stones 4 --north first
  INPUT "S3|N2|s6|q|"
  OUT "South \\(human\\) plays pit 3, extra turn.*N2 is North's pit: South to move plays S1\\.\\.S6 \\(or 1\\.\\.6\\).*South \\(human\\) plays pit 6\n.*North \\(first\\) plays pit 1.*Goodbye")

# kalah book: the book compiled in agrees with itself; a small book is
# built (Kalah(4,3) is +6 with pit 2, the reference's value); a damaged
# line is found: pit 1 of the start leads to North's position worth +6 to
# North, so it is worth -6 to South, not -4.
kalah61_cli_test(cli_kalah_book_check kalah ARGS book check
  OUT "^the book compiled in: [1-9][0-9]* positions, [1-9][0-9]* moves checked against the line of the position they lead to, 0 errors\n$")
kalah61_cli_test(cli_kalah_book_build kalah ARGS book build --plies 1 kalah-4-3 --tt 16
  ENV ${search_env}
  OUT "^# kalah61 opening book 1 .*#   kalah book build --plies 1 kalah-4-3\nkalah-4-3:S:3,3,3,3/0:3,3,3,3/0 -?[0-9]+ \\+6 [-+]?[0-9]+ [-+]?[0-9]+\n(kalah-4-3:[NS]:[0-9,/:]+( [-+]?[0-9]+| \\.)+\n)+# kalah-4-3, 1 move: [0-9]+ positions")
kalah61_cli_test(cli_kalah_book_check_damaged kalah
  ARGS book check ${CMAKE_CURRENT_SOURCE_DIR}/cli/data/book-damaged.txt RC 1
  ERR "book-damaged.txt:1: pit 1 is worth -4, but the position it leads to says -6")
kalah61_cli_test(cli_kalah_book_no_board kalah ARGS book build kalah RC 2
  ERR "give the board with the rules: kalah-6-4, not 'kalah'")
kalah61_cli_test(cli_kalah_book_help kalah ARGS book --help OUT "^Usage: kalah book build")
