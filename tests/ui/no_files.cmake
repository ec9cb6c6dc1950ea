# The window's session (mk61_ui_session) touches no file, prints nothing and
# knows nothing of SDL or of the shell (emulator/ui/ui_session.h): none of
# the functions it calls, as the linker sees them in its library, is one
# of those. Run as: cmake -DNM=nm -DLIB=libmk61_ui_session.a -P no_files.cmake
execute_process(COMMAND ${NM} -u ${LIB} OUTPUT_VARIABLE out RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${NM} -u ${LIB} failed (${rc})")
endif()
string(REGEX MATCHALL "[A-Za-z_][A-Za-z0-9_]*\n" symbols "${out}")
set(bad "")
foreach(s ${symbols})
  string(STRIP "${s}" s)
  if(s MATCHES "^(SDL_|TTF_|IMG_|kalah_file_(save|load|write|begin|commit)|ui_png_|ui_gfx_|ui_app_|ui_save_game|ui_load_game)"
     OR s MATCHES "^(fopen|freopen|fdopen|open|openat|creat|fwrite|fread|fputs|fputc|fprintf|printf|puts|putchar|perror|rename|renameat|unlink|unlinkat|remove|mkstemp|fsync|write|read|opendir|mkdir|exit)(64)?$")
    list(APPEND bad ${s})
  endif()
endforeach()
list(LENGTH symbols n)
if(n LESS 10)
  message(FATAL_ERROR "${NM} -u ${LIB}: only ${n} symbols read: is it the library?")
endif()
if(bad)
  list(REMOVE_DUPLICATES bad)
  message(FATAL_ERROR "the session calls what is the shell's or a file's: ${bad}")
endif()
message(STATUS "${n} calls of the session, none to files, printing, SDL or the shell")
