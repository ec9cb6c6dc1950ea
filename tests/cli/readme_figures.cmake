# The README's figures come from a command it shows, or go (issue 38):
#   the .deb's size: the README shows the command that gives it, no figure;
#   the 22-stone database: the size it gives is the one the command it
#   shows prints first (the build is stopped at once: --out into /proc),
#   and no time, which depends on the machine and its load.
#   README  the file;  KALAH  the kalah program
file(READ "${README}" readme)
if(readme MATCHES "\\.deb \\(about [0-9]" OR readme MATCHES "\\.deb[^\n]*[0-9] ?(KB|kB|MB)")
  message(FATAL_ERROR "the README gives the .deb's size as a figure")
endif()
if(NOT readme MATCHES "ls -l build/kalah61_\\*\\.deb")
  message(FATAL_ERROR "the README does not show the command that gives the .deb's size")
endif()
if(NOT readme MATCHES "build/kalah egdb build --rules kalah-6-4 --max-stones 22 +# once: ([0-9]+) MB([^\n]*)\n")
  message(FATAL_ERROR "the README's line of the 22-stone database is not there")
endif()
set(mb "${CMAKE_MATCH_1}")
set(rest "${CMAKE_MATCH_2}")
if(rest MATCHES "[0-9]|minute|second|hour")
  message(FATAL_ERROR "the README gives the 22-stone database's time:${rest}")
endif()
execute_process(COMMAND "${KALAH}" egdb build --rules kalah-6-4 --max-stones 22
  --out /proc/kalah61-readme-test/x.egdb OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT out MATCHES "up to 22 stones in play: [0-9]+ positions, ${mb}\\.[0-9] MB")
  message(FATAL_ERROR "the README says ${mb} MB; the command prints:\n${out}${err}")
endif()
message(STATUS "README: the .deb's size by its command, the 22-stone database ${mb} MB as printed")
