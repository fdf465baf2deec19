# Embeds every file under sql/ into the library at build time, so the binary never depends
# on install paths and a DBA can still read and run each file with psql.
# rwdoctor_embed_sql(<var>) sets <var> to the generated source; call it in the directory of
# the target that compiles it (custom command outputs are directory-local).
function(rwdoctor_embed_sql out_var)
  file(GLOB_RECURSE sql_files CONFIGURE_DEPENDS
       RELATIVE "${PROJECT_SOURCE_DIR}" "${PROJECT_SOURCE_DIR}/sql/*.sql")
  list(SORT sql_files)
  set(output "${PROJECT_BINARY_DIR}/generated/embedded_sql_data.cpp")
  set(inputs "")
  foreach(f IN LISTS sql_files)
    list(APPEND inputs "${PROJECT_SOURCE_DIR}/${f}")
  endforeach()
  string(REPLACE ";" "|" files_arg "${sql_files}")
  add_custom_command(
    OUTPUT "${output}"
    COMMAND ${CMAKE_COMMAND} -DSOURCE_DIR=${PROJECT_SOURCE_DIR} -DFILES=${files_arg} -DOUTPUT=${output}
            -P ${PROJECT_SOURCE_DIR}/cmake/GenerateEmbeddedSql.cmake
    DEPENDS ${inputs} ${PROJECT_SOURCE_DIR}/cmake/GenerateEmbeddedSql.cmake
    COMMENT "embedding sql/ files"
    VERBATIM)
  set(${out_var} "${output}" PARENT_SCOPE)
endfunction()
