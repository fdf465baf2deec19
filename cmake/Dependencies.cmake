# Debian 12 packages only. libpqxx 6.4 ships no CMake config, only pkg-config.
find_package(PkgConfig REQUIRED)
pkg_check_modules(PQXX REQUIRED IMPORTED_TARGET libpqxx)
pkg_check_modules(PQ REQUIRED IMPORTED_TARGET libpq)
find_package(fmt REQUIRED)
find_package(Boost 1.74 REQUIRED COMPONENTS program_options)
find_package(nlohmann_json 3 REQUIRED)
find_package(Protobuf REQUIRED)
find_package(OpenSSL REQUIRED)
find_package(Threads REQUIRED)
# rwdoctor watch: Prometheus metrics served by prometheus-cpp's exposer (civetweb underneath).
find_package(prometheus-cpp CONFIG REQUIRED)
find_package(civetweb CONFIG REQUIRED)
