# puluk play: a game saved after every throw and move, cut off by the end
# of input, goes on with 'puluk play --resume FILE' where it stopped; a
# damaged file is refused. Run by tests/cli/puluk.cmake.
file(REMOVE_RECURSE "${DIR}")
file(MAKE_DIRECTORY "${DIR}")
set(save "${DIR}/game.txt")
function(run input out_var rc_var)
  string(REPLACE "|" "\n" text "${input}")
  file(WRITE "${DIR}/input.txt" "${text}")
  execute_process(COMMAND "${PULUK}" ${ARGN} INPUT_FILE "${DIR}/input.txt"
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  set(${out_var} "${out}${err}" PARENT_SCOPE)
  set(${rc_var} "${rc}" PARENT_SCOPE)
endfunction()
function(expect what text regex)
  if(NOT text MATCHES "${regex}")
    message(FATAL_ERROR "${what}: does not match '${regex}':\n${text}")
  endif()
endfunction()

# You throw 3 and bring a piece to 3; camaxtli answers; you throw 4; then
# the input ends.
run("3|h|4|" out rc play --against camaxtli --save "${save}" --seed 5)
expect("first part" "${out}" "You throw 4\n.*End of input: the game is saved; 'puluk play --resume ")
file(READ "${save}" saved)
expect("the file" "${saved}" "^puluk61-game 1\ncrc32 [0-9a-f]+\nrules puluk-9-5\nwhite human\nblack camaxtli\nthrows random\nrng [0-9]+\nstart puluk-9-5:W:5,-,-,-,-,-,-,-,-,-,5\nply 3 0\nply [1-5] 10\nthrown 4\n$")
# Resumed: two plies played, the throw of 4 still yours; a piece on 3 and
# a new one with 4.
run("h|q|" out rc play --resume "${save}")
expect("resumed" "${out}" "Resuming the game saved in [^\n]*: human against camaxtli, 2 moves played\\..*White to move, threw 4; moves: 3 h\n.*White \\(you\\) move h -> 4\n")
# Starting anew on a file with an unfinished game asks first; 'no' keeps it.
run("n|" out rc play --against camaxtli --save "${save}")
expect("asked" "${out}" "holds an unfinished game \\(4 moves\\)\\. Start a new one in its place\\? \\[y/N\\] >   Kept it")
# One byte changed: refused, exit 2.
file(READ "${save}" saved)
string(REPLACE "thrown" "thrawn" damaged "${saved}")
string(REPLACE "ply 3 0" "ply 3 1" damaged "${damaged}")
file(WRITE "${save}" "${damaged}")
run("q|" out rc play --resume "${save}")
expect("damaged" "${out}" "damaged: checksum [0-9a-f]+ of the body, expected [0-9a-f]+ \\(line 2\\)")
if(NOT rc EQUAL 2)
  message(FATAL_ERROR "a damaged file: exit ${rc}, expected 2")
endif()
run("q|" out rc play --resume "${DIR}/none.txt")
expect("missing" "${out}" "cannot read [^\n]*none.txt: No such file")
if(NOT rc EQUAL 1)
  message(FATAL_ERROR "a missing file: exit ${rc}, expected 1")
endif()
