# Tests of kalah match and kalah tournament (included by tests/CMakeLists.txt).
