# Options by getopt_long on every command (core/commands/cli_args.h): "--opt=value"
# as "--opt value", an unambiguous abbreviation, "--" before an argument that
# looks like an option, and the same words for an unknown option everywhere.
# (Included by tests/CMakeLists.txt.)
kalah61_cli_test(cli_options_equals kalah ARGS perft --depth=2 --stones=4
  OUT "perft from kalah-6-4:.*depth  2: 35 ")
kalah61_cli_test(cli_options_abbrev kalah ARGS perft --dep 2 --st 4
  OUT "depth  2: 35 ")
kalah61_cli_test(cli_options_ambiguous kalah ARGS play --s 4 RC 2
  ERR "kalah play: option '--s' is ambiguous")
kalah61_cli_test(cli_options_missing_value kalah ARGS perft --depth RC 2
  ERR "kalah perft: option '--depth' requires an argument")
kalah61_cli_test(cli_options_mk61_equals mk61 ARGS run ${CMAKE_CURRENT_SOURCE_DIR}/emulator/programs/square.mk61
  --ke=В/О\ С/П\ 7\ С/П OUT "display  [[] 49[.] ")
kalah61_cli_test(cli_options_mk61_abbrev mk61 ARGS ops --lat LINES 215)
# After "--" a name that starts with '-' is a file, not an option.
kalah61_cli_test(cli_options_double_dash mk61 ARGS asm -- --stats RC 1 ERR "cannot open --stats")
kalah61_cli_test(cli_options_double_dash_kalah kalah ARGS show -- kalah-4-3 OUT "S1  S2  S3  S4")
foreach(c "kalah;play" "kalah;show" "kalah;solve" "kalah;serve" "kalah;egdb;build" "mk61;run"
          "mk61;calc" "mk61;crosscheck" "mk61;vectors" "mk61;bench")
  list(GET c 0 prog)
  list(SUBLIST c 1 -1 sub)
  string(REPLACE ";" " " name "${sub}")
  string(REPLACE ";" "_" tag "${sub}")
  kalah61_cli_test(cli_options_unknown_${prog}_${tag} ${prog} ARGS ${sub} --bogus RC 2
    ERR "${prog} ${name}: unrecognized option '--bogus'\nTry '${prog} ${name} --help' for more information.\n")
endforeach()
