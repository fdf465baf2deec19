# Language level, warnings and sanitizers, as INTERFACE targets linked PRIVATE to our own
# targets only (never to third-party code).
set(CMAKE_CXX_STANDARD 17)
set(CMAKE_CXX_STANDARD_REQUIRED YES)
set(CMAKE_CXX_EXTENSIONS NO)
set(CMAKE_EXPORT_COMPILE_COMMANDS ON)
if(NOT CMAKE_BUILD_TYPE)
  set(CMAKE_BUILD_TYPE RelWithDebInfo CACHE STRING "build type" FORCE)
endif()

option(RWDOCTOR_WERROR "treat warnings as errors (on in CI)" OFF)
option(RWDOCTOR_ASAN "build with AddressSanitizer" OFF)
option(RWDOCTOR_UBSAN "build with UndefinedBehaviorSanitizer" OFF)

add_library(rwdoctor_settings INTERFACE)
target_compile_options(rwdoctor_settings INTERFACE
  -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor -Woverloaded-virtual
  -Wcast-align -Wextra-semi)
if(RWDOCTOR_WERROR)
  target_compile_options(rwdoctor_settings INTERFACE -Werror)
endif()
if(CMAKE_BUILD_TYPE STREQUAL "Debug")
  target_compile_definitions(rwdoctor_settings INTERFACE _GLIBCXX_ASSERTIONS)
endif()

set(_sanitizers "")
if(RWDOCTOR_ASAN)
  list(APPEND _sanitizers address)
endif()
if(RWDOCTOR_UBSAN)
  list(APPEND _sanitizers undefined)
endif()
if(_sanitizers)
  list(JOIN _sanitizers "," _sanitizer_list)
  target_compile_options(rwdoctor_settings INTERFACE
    -fsanitize=${_sanitizer_list} -fno-omit-frame-pointer -fno-sanitize-recover=all)
  target_link_options(rwdoctor_settings INTERFACE -fsanitize=${_sanitizer_list})
  # Programs of a sanitizer build are linked without PIE: at every start the dynamic loader
  # relocated the whole instrumented binary, a third of the CPU time of `rwdoctor --version`
  # under ASan, and the database tests start rwdoctor as a process many times. The shipped
  # build keeps PIE.
  target_link_options(rwdoctor_settings INTERFACE -no-pie)
  # GCC links its sanitizer runtimes as shared libraries unless told otherwise; linked in
  # statically, the loader no longer binds their hundreds of interceptors at every start:
  # `rwdoctor check` of the demo under ASan + UBSan 0.33 -> 0.23 CPU-seconds, `--version`
  # 0.17 -> 0.09 (Clang links them statically already).
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    if(RWDOCTOR_ASAN)
      target_link_options(rwdoctor_settings INTERFACE -static-libasan)
    endif()
    if(RWDOCTOR_UBSAN)
      target_link_options(rwdoctor_settings INTERFACE -static-libubsan)
    endif()
  endif()
endif()

# The library is compiled in batches of sources, one compiler run each (CMake's unity build):
# every source instantiates the same fmt, nlohmann::json and libpqxx templates, and generating
# that code once per batch rather than once per file halves a clean build of the library
# (Release, two cores: 101 s -> 54 s). The test programs are compiled in batches too
# (tests/CMakeLists.txt). Off: one compiler run per file, for a quicker rebuild of one file.
option(RWDOCTOR_UNITY_BUILD "compile the library's and the tests' sources in batches (unity build)" ON)
