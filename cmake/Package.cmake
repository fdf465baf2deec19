# The Debian package: in a build folder, `cpack -G DEB` writes rwdoctor_VERSION_amd64.deb with
# the binary in /usr/bin, the man page rwdoctor(1) (built by pandoc from docs/man/rwdoctor.1.md),
# bash completion, and the README, the deploy/ samples, the copyright and changelog under
# /usr/share/doc/rwdoctor. Depends are the runtime libraries dpkg-shlibdeps finds.
# scripts/test-package.sh builds, lints and installs it into a clean root.
set(CMAKE_INSTALL_DEFAULT_DIRECTORY_PERMISSIONS
    OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)

find_program(RWDOCTOR_PANDOC pandoc)
if(RWDOCTOR_PANDOC)
  add_custom_command(
    OUTPUT ${CMAKE_BINARY_DIR}/rwdoctor.1.gz
    COMMAND sed "s/@VERSION@/${PROJECT_VERSION}/" ${PROJECT_SOURCE_DIR}/docs/man/rwdoctor.1.md
            | ${RWDOCTOR_PANDOC} --standalone --from markdown-smart --to man -o ${CMAKE_BINARY_DIR}/rwdoctor.1
    COMMAND gzip -9 -n -f ${CMAKE_BINARY_DIR}/rwdoctor.1
    DEPENDS ${PROJECT_SOURCE_DIR}/docs/man/rwdoctor.1.md
    COMMENT "man page rwdoctor(1) from docs/man/rwdoctor.1.md (pandoc)"
    VERBATIM)
  add_custom_target(rwdoctor_man ALL DEPENDS ${CMAKE_BINARY_DIR}/rwdoctor.1.gz)
  install(FILES ${CMAKE_BINARY_DIR}/rwdoctor.1.gz DESTINATION share/man/man1)
else()
  message(STATUS "pandoc not found: no man page (scripts/install-deps.sh installs it)")
endif()

add_custom_command(
  OUTPUT ${CMAKE_BINARY_DIR}/changelog.gz
  COMMAND gzip -9 -n -c ${PROJECT_SOURCE_DIR}/packaging/changelog > ${CMAKE_BINARY_DIR}/changelog.gz
  DEPENDS ${PROJECT_SOURCE_DIR}/packaging/changelog
  VERBATIM)
add_custom_target(rwdoctor_changelog ALL DEPENDS ${CMAKE_BINARY_DIR}/changelog.gz)

install(FILES ${PROJECT_SOURCE_DIR}/packaging/rwdoctor.bash-completion
        DESTINATION share/bash-completion/completions RENAME rwdoctor)
install(FILES ${PROJECT_SOURCE_DIR}/README.md ${PROJECT_SOURCE_DIR}/packaging/copyright
              ${CMAKE_BINARY_DIR}/changelog.gz
        DESTINATION share/doc/rwdoctor)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/deploy/ DESTINATION share/doc/rwdoctor/deploy)

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME rwdoctor)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_SECTION database)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "rwdoctor developers <rwdoctor@example.org>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "find and repair inconsistencies in a RisingWave meta store")
# The long description only: CPack puts the summary above it as the synopsis line.
set(CPACK_PACKAGE_DESCRIPTION "rwdoctor reads the PostgreSQL meta store of RisingWave in one
read-only snapshot, tests every invariant the meta node relies on, and
groups what it finds into incidents with the commands that repair them.
Repairs are planned first, shown as SQL, verified inside one transaction
and leave an undo file. guard is a pre-start gate for the meta node;
watch serves Prometheus metrics.")
include(CPack)
